#!/usr/bin/env bash
# Run 308: the review mends (3d36aea): strength's threshold parenthesised in strength.cu, x's scaling undone
# on every outcome. Build, ctest -L gpu, memcheck of test_api_edges gpu and test_gpu_setup, racecheck of
# test_api_edges gpu, then amg_solve on the four full-size configs (iterations as before?).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
b=build-gpu/tests
OUT=$OUT STEP_TIMEOUT=240 SANITIZE="$b/test_api_edges:gpu $b/test_gpu_setup" \
  scripts/gpu_check.sh build tests memcheck > "$OUT/checks.txt" 2>&1
OUT=$OUT STEP_TIMEOUT=240 SANITIZE="$b/test_api_edges:gpu" SOLVE_REPEAT=3 \
  scripts/gpu_check.sh racecheck solve > "$OUT/checks2.txt" 2>&1
echo "checks $((SECONDS - t0)) s"
sed -n '/==== summary/,$p' "$OUT/checks.txt" "$OUT/checks2.txt" | grep -v "^name\|^NVIDIA"
grep -hE "RACECHECK SUMMARY|ERROR SUMMARY|all checks passed|tests passed" "$OUT/sanitizer.log" "$OUT/tests.log" | sort | uniq -c
grep -hE "^amg_solve:.*rows|converged after|^  setup \+ solve" "$OUT/solve.log"
