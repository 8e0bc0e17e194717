#!/usr/bin/env bash
# Run 188: racecheck of test_gpu_spgemm and memcheck of test_gpu_setup on the block-per-row step 1.
# Code: 1824a60.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run188.sh, run from the repository root)
F=$OUT
rm -rf /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=480 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build racecheck > "$F/checks_run.txt" 2>&1
tail -5 /tmp/gc/sanitizer.log > "$F/racecheck_tail.log"
AMG_TEST_QUICK=1 timeout 60 compute-sanitizer --tool memcheck --error-exitcode 99 build-gpu/tests/test_gpu_setup > "$F/memcheck_setup.log" 2>&1; echo "memcheck test_gpu_setup rc=$?"
tail -4 "$F/checks_run.txt"; grep -hE "RACECHECK SUMMARY|ERROR SUMMARY" /tmp/gc/sanitizer.log "$F/memcheck_setup.log" | sort | uniq -c
