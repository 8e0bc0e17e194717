#!/usr/bin/env bash
# Run 334 (H200): after this session's solver changes (rho's start vector for
# rows of outsize diagonal, theta = 0 for a level with no strong coupling,
# problem.reorder = "rcm"): build, ctest -L gpu, the four solves (3 repeats),
# memcheck of test_api_edges gpu, and a shuffled 2D grid (1000 x 1000) on the
# GPU with and without rcm, against the natural order.
OUT=$OUT STEP_TIMEOUT=300 SOLVE_REPEAT=3 scripts/gpu_check.sh build tests solve > "$OUT/checks.txt" 2>&1
tail -22 "$OUT/checks.txt"
AMG_TEST_QUICK=1 compute-sanitizer --tool memcheck --error-exitcode 99 build-gpu/tests/test_api_edges gpu \
  > "$OUT/sanitizer.log" 2>&1; echo "memcheck test_api_edges gpu: rc=$? $(grep 'ERROR SUMMARY' "$OUT/sanitizer.log")"
d=$(mktemp -d)
awk -v n=1000 -f docs/measurements/h200-run334/shuffled.awk > "$d/shuffled.mtx"
printf 'problem: { type = "matrix_market"; file = "shuffled.mtx"; };\noutput: { verbose = false; };\n' > "$d/s.cfg"
for o in none rcm; do
  echo "=== shuffled 1000 x 1000, reorder $o" >> "$OUT/shuffled.log"
  build-gpu/apps/amg_solve --config "$d/s.cfg" --backend gpu --set problem.reorder="\"$o\"" --repeat 3 >> "$OUT/shuffled.log" 2>&1
done
echo "=== natural 1000 x 1000" >> "$OUT/shuffled.log"
build-gpu/apps/amg_solve --config configs/poisson2d_5pt_small.cfg --backend gpu --set problem.n=1000 \
  --set output.verbose=false --repeat 3 >> "$OUT/shuffled.log" 2>&1
grep -E "^===|renumbered|^    0 |converged after|setup +median|solve +median|note:" "$OUT/shuffled.log"
