#!/usr/bin/env bash
# Run 232: main 81d1410 (spgemm_add_pair without its dead arguments; PTX identical to run 225's code):
# build, ctest -L gpu, memcheck of test_gpu_spgemm.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
OUT=$F STEP_TIMEOUT=200 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" "$F/tests.log" | head -8; grep -hE "ERROR SUMMARY" "$F/sanitizer.log"
