#!/usr/bin/env bash
# Run 22: coarse factorisation warm-up over several sizes; first setups.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
scripts/gpu_check.sh build > "$OUT/run.txt" 2>&1
gcc -O1 -Isolver -Iformats -Ispgemm gpu_in/coarse_warm.c build-gpu/solver/libamg_solver.a \
  build-gpu/spgemm/libamg_spgemm.a build-gpu/formats/libamg_formats.a -L/usr/local/cuda/lib64 -lcusolver \
  -lcusparse -lcublas -lcudart -lstdc++ -lm -lpthread -ldl -lrt -o /tmp/coarse_warm >> "$OUT/run.txt" 2>&1
/tmp/coarse_warm > "$OUT/coarse_warm.txt" 2>&1
ctest --test-dir build-gpu -L gpu -R coarse >> "$OUT/run.txt" 2>&1
for c in poisson2d_9pt poisson2d_5pt poisson3d_27pt; do
  build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false > "$OUT/solve_$c.log" 2>&1
done
cat "$OUT/coarse_warm.txt"
grep -E "tests passed" "$OUT/run.txt"
grep -hE "initialisation|coarse factorisation" "$OUT"/solve_*.log
