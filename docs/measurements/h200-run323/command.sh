#!/usr/bin/env bash
# Run 323: the final head of this session (the second review's mends: PCG's
# stop below DBL_MIN, the rounded-x residual on a failed solve, timer and
# mailbox outputs on NULL). Build; ctest -L gpu; memcheck of test_api_edges
# gpu (quick) and test_gpu_formats; two rounds of the 3D 7-point and 2D
# 5-point level 0 in spgemm_bench, against run 321 (host argument checks were
# added in formats/; no kernel changed); the four solves.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
OUT=$OUT STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$OUT/checks.txt" 2>&1
sed -n '/==== summary/,$p' "$OUT/checks.txt" | grep -v "^name\|^NVIDIA"
grep -E "tests passed" "$OUT/tests.log"
for t in "test_api_edges gpu" test_gpu_formats; do
  AMG_TEST_QUICK=1 timeout 300 compute-sanitizer --tool memcheck --error-exitcode 99 build-gpu/tests/$t \
    >> "$OUT/memcheck.log" 2>&1; echo "memcheck $t rc=$? ($((SECONDS - t0)) s)"
done
grep -E "ERROR SUMMARY|all checks" "$OUT/memcheck.log"
for r in 1 2; do for p in 3d7 2d5; do
  timeout 60 build-gpu/apps/spgemm_bench --problem $p --levels 1 > /tmp/b.log 2>&1; cat /tmp/b.log >> "$OUT/bench.log"
  grep -E "^(2d5|3d7)-[0-9]+ +0 order" /tmp/b.log | awk -v t="r$r" '{s = ($5 == "sym") ? "_sym" : ""; printf "%s %s %s %s/%s=%s\n", t, $1, $4 s, $(NF-14), $(NF-10), $(NF-6)}'
done; done
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  timeout 120 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false >> "$OUT/solve.log" 2>&1; echo "$c rc=$?"
done
grep -E "converged after" "$OUT/solve.log"
echo "all done $((SECONDS - t0)) s"
