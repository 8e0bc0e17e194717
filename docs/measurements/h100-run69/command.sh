#!/usr/bin/env bash
# Run 69: the residual and Jacobi epilogues prefetch their vectors' lines into L1 at the start of the batch and list kernels (prefetch.global.L1): spmv_bench (level 0) and the four PCG solves, this code against the previous commit (8875172), alternating.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root, with prefetch.diff applied; not kept)
F=$OUT
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_spmv" STEP_TIMEOUT=250 scripts/gpu_check.sh build tests memcheck > "$F/run.txt" 2>&1
(cd gpu_in/base && cmake -S . -B build-base -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=/opt/deps/usr > /tmp/base_build.log 2>&1 && cmake --build build-base -j 16 --target amg_solve spmv_bench >> /tmp/base_build.log 2>&1) || { echo "base build FAILED"; tail -20 /tmp/base_build.log; }
for round in 1 2; do
  for which in base new; do
    bd=build-gpu; [ $which = base ] && bd=gpu_in/base/build-base
    echo "=== $which round $round" >> "$F/spmv.log"
    timeout 100 $bd/apps/spmv_bench >> "$F/spmv.log" 2>&1
    for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
      echo "=== $which round $round $c" >> "$F/solve.log"
      timeout 60 $bd/apps/amg_solve --config configs/$c.cfg --set output.verbose=false --repeat 10 >> "$F/solve.log" 2>&1
    done
  done
done
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -hE "SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
grep -E "^=== |^(2d|3d)[^ ]* +(batch|list) +(residual|jacobi)" "$F/spmv.log" | awk '{print $1,$2,$3,$4,$10,$12}'
grep -E "^=== |converged after|  (setup|solve) +median" "$F/solve.log" | paste - - - - | awk '{print $2,$4,$5,$8,$20,$28,$36}'
