#!/usr/bin/env bash
# Run 196: the final reread's code (step 1's occupancy helper, comments): clean build, ctest -L gpu, memcheck of test_gpu_spgemm.
# Code: ef9dc7f.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run196.sh, run from the repository root)
F=$OUT
rm -rf build-gpu /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
cp /tmp/gc/tests.log "$F/"; grep -E "ERROR SUMMARY" /tmp/gc/sanitizer.log > "$F/memcheck_tail.log"
tail -5 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log; cat "$F/memcheck_tail.log"
