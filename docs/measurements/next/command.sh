#!/usr/bin/env bash
# Runs 362-363: what run 361 left. Build and ctest -L gpu (to test the benchmarks'
# own SIGXFSZ handling, drop the "trap '' XFSZ" in tests/bench_check.sh first, as amg_solve_cli.sh did);
# racecheck of test_api_edges gpu in three parts (test_api_edges gpu K/3; whole it ran
# past 420 s in run 338 and past 178 s in run 361), then of test_gpu_coarse_solve and
# test_gpu_aggregate (clean in runs 358 and 352). Each part must fit one 600-s call: split the list
# over calls (SANITIZE=...) if a call runs short.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
list="build-gpu/tests/test_api_edges:gpu:0/3 build-gpu/tests/test_api_edges:gpu:1/3 build-gpu/tests/test_api_edges:gpu:2/3
      build-gpu/tests/test_gpu_coarse_solve build-gpu/tests/test_gpu_aggregate" # all of it: over 600 s
OUT=$OUT STEP_TIMEOUT=${STEP_TIMEOUT:-280} SANITIZE="${SANITIZE:-$list}" scripts/gpu_check.sh build tests racecheck
grep -hE "tests passed|RACECHECK SUMMARY" "$OUT/tests.log" "$OUT/sanitizer.log"
