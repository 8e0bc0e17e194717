#!/usr/bin/env bash
# Run 21: coarse factorisation warm-up experiment; Galerkin orders with medians of 10.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
scripts/gpu_check.sh build > "$OUT/run.txt" 2>&1
gcc -O1 -Isolver -Iformats -Ispgemm gpu_in/coarse_warm.c build-gpu/solver/libamg_solver.a \
  build-gpu/spgemm/libamg_spgemm.a build-gpu/formats/libamg_formats.a -L/usr/local/cuda/lib64 -lcusolver \
  -lcusparse -lcublas -lcudart -lstdc++ -lm -lpthread -ldl -lrt -o /tmp/coarse_warm >> "$OUT/run.txt" 2>&1
/tmp/coarse_warm > "$OUT/coarse_warm.txt" 2>&1
for c in poisson3d_27pt poisson2d_5pt poisson2d_9pt poisson3d_7pt; do
  timeout 120 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false --compare-orders cusparse \
    --repeat 10 > "$OUT/compare_$c.log" 2>&1
done
timeout 200 build-gpu/apps/spgemm_bench --hierarchy > "$OUT/hierarchy.log" 2>&1
cat "$OUT/coarse_warm.txt"
for c in poisson3d_27pt poisson2d_5pt poisson2d_9pt poisson3d_7pt; do echo "== $c"; tail -7 "$OUT/compare_$c.log"; done
tail -40 "$OUT/hierarchy.log"
