#!/usr/bin/env bash
# Run 65: the "list" SpMV variant (AUTO on rows averaging <= 10 entries): ctest -L gpu, memcheck (spmv, solve gpu), racecheck (spmv), spmv_bench --galerkin, and the four PCG solves against the previous commit (1ed59dd, built beside it), alternating, --repeat 10.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_spmv build-gpu/tests/test_solve:gpu" STEP_TIMEOUT=250 scripts/gpu_check.sh build tests memcheck > "$F/run.txt" 2>&1
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_spmv" STEP_TIMEOUT=250 scripts/gpu_check.sh racecheck >> "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=250 SPMV_ARGS=--galerkin scripts/gpu_check.sh spmv >> "$F/run.txt" 2>&1
(cd gpu_in/base && cmake -S . -B build-base -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=/opt/deps/usr > /tmp/base_build.log 2>&1 && cmake --build build-base -j 16 --target amg_solve >> /tmp/base_build.log 2>&1) || { echo "base build FAILED"; tail -20 /tmp/base_build.log; }
for round in 1 2; do
  for which in base new; do
    bin=build-gpu/apps/amg_solve; [ $which = base ] && bin=gpu_in/base/build-base/apps/amg_solve
    for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
      echo "=== $which round $round $c" >> "$F/solve.log"
      timeout 60 $bin --config configs/$c.cfg --set output.verbose=false --repeat 10 >> "$F/solve.log" 2>&1
    done
  done
done
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log /tmp/gc/spmv.log "$F/"
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed" "$F/tests.log"
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
grep -E "^(2d|3d)[^ ]* +(cusparse|batch|list) +(spmv|residual|jacobi)" "$F/spmv.log" | awk '{print $1,$2,$3,$10,$12,$NF,$(NF-1)}'
grep -E "^=== |converged after|  (setup|solve) +median" "$F/solve.log" | head -120
