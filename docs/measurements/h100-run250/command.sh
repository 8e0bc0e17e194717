#!/usr/bin/env bash
# Run 250, on branch next/wide-block-rows (as run 249), two commands on one machine:
# 1. host costs (hostcost.cu, kept here; it was gpu_in/hostcost.cu):
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build > /tmp/b.txt 2>&1; tail -1 /tmp/b.txt; nvcc -std=c++17 -O2 -arch=sm_90 -Iformats -Ispgemm gpu_in/hostcost.cu build-gpu/spgemm/libamg_spgemm.a build-gpu/formats/libamg_formats.a -lcusparse -o /tmp/hostcost && /tmp/hostcost && /tmp/hostcost | tail -2
# 2. racecheck of test_gpu_spgemm:
OUT=$OUT STEP_TIMEOUT=560 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh racecheck > $OUT/racecheck_run.txt 2>&1; tail -3 $OUT/racecheck_run.txt; grep -hE "RACECHECK SUMMARY|ERROR SUMMARY" $OUT/sanitizer.log | sort | uniq -c
