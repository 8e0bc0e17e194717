#!/usr/bin/env bash
# Run 189: the last code of the session (step 1's shared row-walk helpers): clean build, ctest -L gpu, memcheck test_gpu_spgemm.
# Code: 18b8f66.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run189.sh, run from the repository root)
F=$OUT
rm -rf build-gpu /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
cp /tmp/gc/tests.log "$F/" 2>/dev/null
tail -5 /tmp/gc/sanitizer.log > "$F/memcheck_tail.log"
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
