#!/usr/bin/env bash
# Run 88: pair kernels walk a list of the rows the row kernels leave (tile_leftover.cu) instead of skipping the row kernels' rows one by one; build, ctest -L gpu, spgemm_bench --hierarchy --profile (new and 663f583 from gpu_in/old), amg_solve --compare-orders cusparse --repeat 10 (new, twice), spgemm_bench model.
# gpu_in/old held `git archive 663f583` (docs removed).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
cp /tmp/gc/tests.log "$F/" 2>/dev/null
export CMAKE_PREFIX_PATH=/opt/deps/usr
(cd gpu_in/old && cmake -S . -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release && cmake --build build-old -j 16 --target spgemm_bench) > "$F/build_old.log" 2>&1
echo "old build rc=$?"
timeout 100 build-gpu/apps/spgemm_bench --hierarchy --profile > "$F/hierarchy_new.log" 2>&1
timeout 100 gpu_in/old/build-old/apps/spgemm_bench --hierarchy --profile > "$F/hierarchy_old.log" 2>&1
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  for round in 1 2; do
    echo "=== $c new $round" >> "$F/compare.log"
    timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false \
      --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
  done
done
timeout 150 build-gpu/apps/spgemm_bench --json "$F/spgemm.json" > "$F/spgemm.log" 2>&1
echo "bench rc=$?"
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -E "^===|sum \|" "$F/compare.log" | awk '/===/{printf "%s %s %s ", $2,$3,$4; next}{gsub(/\|/," "); print $2,$4,$6,$8}'
for v in new old; do echo "== $v"; grep -A200 "per-step" "$F/hierarchy_$v.log" | grep -E " 0 (A\*P|P\^T\*\(AP\) sym) " | cut -c1-130; done
