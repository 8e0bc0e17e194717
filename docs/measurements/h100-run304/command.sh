#!/usr/bin/env bash
# Run 304: the API-edge fixes (0d84b9d..): build, ctest -L gpu (test_gpu_api_edges is new), memcheck of
# test_api_edges gpu, test_solve gpu and test_gpu_setup (the strength and diagonal kernels changed),
# racecheck of test_api_edges gpu and test_solve gpu.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
b=build-gpu/tests
OUT=$OUT STEP_TIMEOUT=240 SANITIZE="$b/test_api_edges:gpu $b/test_solve:gpu $b/test_gpu_setup" \
  scripts/gpu_check.sh build tests memcheck > "$OUT/checks.txt" 2>&1
OUT=$OUT STEP_TIMEOUT=240 SANITIZE="$b/test_api_edges:gpu $b/test_solve:gpu" \
  scripts/gpu_check.sh racecheck > "$OUT/checks2.txt" 2>&1
echo "checks $((SECONDS - t0)) s"
sed -n '/==== summary/,$p' "$OUT/checks.txt" "$OUT/checks2.txt"
grep -hE "RACECHECK SUMMARY|ERROR SUMMARY|all checks passed|tests passed" "$OUT/sanitizer.log" "$OUT/tests.log" | sort | uniq -c
grep -E "test_gpu_api_edges|tests passed" "$OUT/tests.log"
