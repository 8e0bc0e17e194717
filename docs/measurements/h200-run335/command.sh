#!/usr/bin/env bash
# Run 335 (H200): the session's final code: build, ctest -L gpu, the four
# solves (3 repeats), memcheck of test_api_edges gpu, and the shuffled
# 1000 x 1000 grid with rcm (the faster renumbering) against none.
OUT=$OUT STEP_TIMEOUT=300 SOLVE_REPEAT=3 scripts/gpu_check.sh build tests solve > "$OUT/checks.txt" 2>&1
tail -12 "$OUT/checks.txt"
grep -E "converged after" "$OUT/solve.log"
AMG_TEST_QUICK=1 compute-sanitizer --tool memcheck --error-exitcode 99 build-gpu/tests/test_api_edges gpu \
  > "$OUT/sanitizer.log" 2>&1; echo "memcheck test_api_edges gpu: rc=$? $(grep 'ERROR SUMMARY' "$OUT/sanitizer.log")"
d=$(mktemp -d)
awk -v n=1000 -f tests/shuffled_grid.awk > "$d/shuffled.mtx"
printf 'problem: { type = "matrix_market"; file = "shuffled.mtx"; };\noutput: { verbose = false; };\n' > "$d/s.cfg"
for o in none rcm; do
  echo "=== shuffled 1000 x 1000, reorder $o" >> "$OUT/shuffled.log"
  build-gpu/apps/amg_solve --config "$d/s.cfg" --backend gpu --set problem.reorder="\"$o\"" --repeat 3 >> "$OUT/shuffled.log" 2>&1
done
grep -E "^===|renumbered|^    0 |converged after|setup +median|solve +median" "$OUT/shuffled.log"
