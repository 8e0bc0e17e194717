#!/usr/bin/env bash
# Run 184: racecheck of test_gpu_spgemm (fresh machine, clean build) and memcheck of test_gpu_setup.
# Code: a9590e1.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run184.sh, run from the repository root)
F=$OUT
rm -rf build-gpu /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=480 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build racecheck > "$F/checks_run.txt" 2>&1
cp /tmp/gc/sanitizer.log "$F/sanitizer_racecheck.log" 2>/dev/null
AMG_TEST_QUICK=1 timeout 60 compute-sanitizer --tool memcheck --error-exitcode 99 build-gpu/tests/test_gpu_setup > "$F/memcheck_setup.log" 2>&1; echo "memcheck test_gpu_setup rc=$?"
tail -4 "$F/checks_run.txt"; grep -hE "RACECHECK SUMMARY|ERROR SUMMARY" "$F"/*.log | sort | uniq -c
