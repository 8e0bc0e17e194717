#!/usr/bin/env bash
# Run 87: the Galerkin count moved out of the Galerkin timer (c4e19c3) against the code before it (663f583, built from gpu_in/old); ctest -L gpu; amg_solve --compare-orders cusparse --repeat 10 on the four problems, new and old alternated twice; ncu kernel times of one 3D 27-point setup.
# gpu_in/old held `git archive 663f583` (docs removed).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
cp /tmp/gc/tests.log "$F/" 2>/dev/null
export CMAKE_PREFIX_PATH=/opt/deps/usr
(cd gpu_in/old && cmake -S . -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release && cmake --build build-old -j 16 --target amg_solve) > "$F/build_old.log" 2>&1
echo "old build rc=$?"
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  for round in 1 2; do
    for v in new old; do
      b=build-gpu/apps; [ $v = old ] && b=gpu_in/old/build-old/apps
      echo "=== $c $v $round" >> "$F/compare.log"
      timeout 60 $b/amg_solve --config configs/$c.cfg --set output.verbose=false \
        --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
    done
  done
done
timeout 60 build-gpu/apps/amg_solve --config configs/poisson3d_27pt.cfg --set output.verbose=false --repeat 10 > "$F/solve27.log" 2>&1
timeout 200 ncu --metrics gpu__time_duration.sum --csv build-gpu/apps/amg_solve --config configs/poisson3d_27pt.cfg --set output.verbose=false > "$F/ncu27.csv" 2>&1
echo "ncu rc=$?"
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -E "^===|sum \|" "$F/compare.log" | awk '/===/{printf "%s %s %s ", $2,$3,$4; next}{gsub(/\|/," "); print $2,$4,$6,$8}'
sed -n '/Setup breakdown/,/setup total/p' "$F/solve27.log"
