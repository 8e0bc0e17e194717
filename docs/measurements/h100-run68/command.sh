#!/usr/bin/env bash
# Run 68: AUTO also takes "list" (6 slots) for rectangular matrices of at most 3 entries per row on average (the 2D prolongators): ctest -L gpu, memcheck test_solve gpu, and the four PCG solves against the previous commit (7d2bf96), alternating, --repeat 10.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_solve:gpu" STEP_TIMEOUT=250 scripts/gpu_check.sh build tests memcheck > "$F/run.txt" 2>&1
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
cp /tmp/gc/tests.log "$F/"
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed" "$F/tests.log"
grep -E "^=== |converged after|  (setup|solve) +median" "$F/solve.log" | paste - - - - | awk '{print $2,$4,$5,$8,$20,$28,$36}'
