#!/usr/bin/env bash
# Run 204: the final code of this session (e3e4b5b, after the reread): clean build, ctest -L gpu, memcheck of test_gpu_spgemm.
# Code: e3e4b5b.
cd "$(dirname "$0")/../../.."  # (was the run command itself, from the repository root)
OUT=$OUT/gc STEP_TIMEOUT=120 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > $OUT/checks_run.txt 2>&1; tail -6 $OUT/checks_run.txt; grep -E "tests passed|Failed" $OUT/gc/tests.log; grep -h "ERROR SUMMARY" $OUT/gc/sanitizer.log
