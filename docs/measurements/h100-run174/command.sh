#!/usr/bin/env bash
# Run 174: racecheck and memcheck of test_gpu_spgemm, and ctest -L gpu, on 5a0bbb9 (symmetric products without the mirror).
# Code: 5a0bbb9.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run174.sh, run from the repository root)
F=$OUT
rm -rf build-gpu /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=480 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck racecheck > "$F/checks_run.txt" 2>&1
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
tail -8 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8
grep -hE "ERROR SUMMARY|RACECHECK SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
