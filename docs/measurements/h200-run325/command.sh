#!/usr/bin/env bash
# Run 325: the final head (after run 324: the singular coarsest-level message, the CPU
# product's tile search; no GPU code changed). Build; ctest -L gpu; memcheck of
# test_api_edges gpu (quick; it now has the Neumann 50^2 setup); the four solves.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
OUT=$OUT STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$OUT/checks.txt" 2>&1
sed -n '/==== summary/,$p' "$OUT/checks.txt" | grep -v "^name\|^NVIDIA"
grep -E "tests passed" "$OUT/tests.log"
AMG_TEST_QUICK=1 timeout 300 compute-sanitizer --tool memcheck --error-exitcode 99 build-gpu/tests/test_api_edges gpu \
  > "$OUT/memcheck.log" 2>&1; echo "memcheck test_api_edges gpu rc=$? ($((SECONDS - t0)) s)"
grep -E "ERROR SUMMARY|all checks" "$OUT/memcheck.log"
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  timeout 120 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false >> "$OUT/solve.log" 2>&1; echo "$c rc=$?"
done
grep -E "converged after" "$OUT/solve.log"
echo "all done $((SECONDS - t0)) s"
