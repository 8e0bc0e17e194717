#!/usr/bin/env bash
# For the next session (not run yet: on 2026-12-07 no GPU could be started in the evening, fifteen calls, and none was lent at night).
# What runs 359-361 and that evening left: build and ctest -L gpu (test_gpu_api_edges now runs the
# asymmetry note's download of a device A; tests/bench_check.sh now leaves SIGXFSZ to spgemm_bench);
# memcheck of test_api_edges gpu; racecheck of test_api_edges gpu in three parts (whole it ran past
# 420 s in run 338 and past 178 s in run 361), then of test_gpu_coarse_solve and test_gpu_aggregate
# (clean in runs 358 and 352). Each call must fit 600 s: split the list (SANITIZE=...) over calls.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
OUT=$OUT STEP_TIMEOUT=${STEP_TIMEOUT:-200} SANITIZE="build-gpu/tests/test_api_edges:gpu" \
  scripts/gpu_check.sh build tests memcheck
list="build-gpu/tests/test_api_edges:gpu:0/3 build-gpu/tests/test_api_edges:gpu:1/3 build-gpu/tests/test_api_edges:gpu:2/3
      build-gpu/tests/test_gpu_coarse_solve build-gpu/tests/test_gpu_aggregate" # all of it: over 600 s
OUT=$OUT STEP_TIMEOUT=${STEP_TIMEOUT:-280} SANITIZE="${RACE:-$list}" scripts/gpu_check.sh racecheck
grep -hE "tests passed|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/tests.log" "$OUT/sanitizer.log"
