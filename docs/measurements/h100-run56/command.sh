#!/usr/bin/env bash
# Run 56: setup time before (68a3e7a, gpu_in/base) and after (44159e1) the fused scans, same run, alternating:
# amg_solve --repeat 10 on the four Poisson configs, twice each.
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=250 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
(cd gpu_in/base && cmake -S . -B build-base -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=/opt/deps/usr > /dev/null && cmake --build build-base -j 16 > /dev/null) || echo "base build FAILED"
for r in 1 2; do for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  for v in base new; do
    bin=build-gpu/apps/amg_solve; [ $v = base ] && bin=gpu_in/base/build-base/apps/amg_solve
    echo "=== $v $c run $r" >> "$F/setup.log"
    timeout 60 $bin --config configs/$c.cfg --set output.verbose=false --repeat 10 >> "$F/setup.log" 2>&1
  done
done; done
awk '/^===/ {h=$2" "$3" "$5} /setup +median/ {print h, $3}' "$F/setup.log"
