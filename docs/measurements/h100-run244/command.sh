#!/usr/bin/env bash
# Run 244: branch next/compact-one-pass after the slots fix: build, ctest -L gpu, memcheck and racecheck of
# test_gpu_spgemm (every kernel but cuSPARSE's).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
OUT=$F STEP_TIMEOUT=480 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck racecheck > "$F/checks_run.txt" 2>&1
echo "checks $((SECONDS - t0)) s"; tail -6 "$F/checks_run.txt"
grep -E "tests passed|Failed|\*\*\*" "$F/tests.log" | head -8; grep -hE "ERROR SUMMARY|RACECHECK SUMMARY" "$F/sanitizer.log"
