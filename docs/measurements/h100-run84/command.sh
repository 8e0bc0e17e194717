#!/usr/bin/env bash
# Run 84 (experiment, not kept unless it wins): the numeric pair kernel's batch of pairs and blocks per multiprocessor: default (NUM_BATCH 4, 5 blocks) against (2, 6) and (2, 5), in three builds; spgemm_bench --hierarchy --profile and model --profile --levels 2 with each.
# The tree then had temporary #ifndef guards on NUM_BATCH and NUMERIC_MIN_BLOCKS (defaults 4 and 5),
# overridden by -D in build-b26 and build-b25; the committed code fixes 2 and 6.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
export CMAKE_PREFIX_PATH=/opt/deps/usr
for v in "b26:-DNUM_BATCH=2 -DNUMERIC_MIN_BLOCKS=6" "b25:-DNUM_BATCH=2 -DNUMERIC_MIN_BLOCKS=5"; do
  n=${v%%:*}; flags=${v#*:}
  (cmake -S . -B build-$n -G Ninja -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CUDA_FLAGS=$flags" && cmake --build build-$n -j 16 --target spgemm_bench) > "$F/build_$n.log" 2>&1
  echo "build-$n rc=$?"
done
for v in gpu b26 b25; do
  timeout 100 build-$v/apps/spgemm_bench --hierarchy --profile > "$F/hierarchy_$v.log" 2>&1
  timeout 100 build-$v/apps/spgemm_bench --profile --levels 2 > "$F/model_$v.log" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"
for v in gpu b26 b25; do echo "== $v"; grep -A200 "per-step" "$F/hierarchy_$v.log" | grep -E " [01] (P\^T\*\(AP\) sym|P\^T\*A) " | cut -c1-130; grep -A200 "per-step" "$F/model_$v.log" | grep -E " 0 (A\^2|P\^T\*\(AP\) sym) " | cut -c1-130; done
