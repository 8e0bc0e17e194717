#!/usr/bin/env bash
# For the next session (not run yet). What runs 362-363 (H100, 2026-12-07) left: racecheck of
# test_api_edges gpu sections 0 and 6 (rhs_scaling, badly_scaled; parts 1-5 of 6 were clean in run 363,
# part 0 ran past 510 s sharing the GPU with five others), then of test_gpu_coarse_solve and
# test_gpu_aggregate (clean in runs 358 and 352; no kernel changed since). Each call must fit 600 s.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
OUT=$OUT scripts/gpu_check.sh build
list="build-gpu/tests/test_api_edges:gpu:0/12 build-gpu/tests/test_api_edges:gpu:6/12
      build-gpu/tests/test_gpu_coarse_solve build-gpu/tests/test_gpu_aggregate"
OUT=$OUT STEP_TIMEOUT=${STEP_TIMEOUT:-520} SANITIZE_JOBS=${SANITIZE_JOBS:-4} SANITIZE="${RACE:-$list}" \
  scripts/gpu_check.sh racecheck
grep -hE "RACECHECK SUMMARY|part [0-9]+ of" "$OUT/sanitizer.log"
