#!/usr/bin/env bash
# Run 245: main after the review refactor (94c3c2b: the overflow list from spgemm_leftover_device, one
# pair-kernel launcher): build, ctest -L gpu, memcheck and racecheck of test_gpu_spgemm; one SA hierarchy
# run for the one-pass products' times.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
OUT=$F STEP_TIMEOUT=480 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck racecheck > "$F/checks_run.txt" 2>&1
echo "checks $((SECONDS - t0)) s"; tail -5 "$F/checks_run.txt"
grep -E "tests passed|Failed|\*\*\*" "$F/tests.log" | head -8; grep -hE "ERROR SUMMARY|RACECHECK SUMMARY" "$F/sanitizer.log"
timeout 60 build-gpu/apps/spgemm_bench --hierarchy > "$F/hierarchy.log" 2>&1; echo "hierarchy rc=$?"
grep -E "^  SA-.* level [01]  (P\^T\*\(AP\) sym|A\*P|P\^T\*A) " "$F/hierarchy.log"
