#!/usr/bin/env bash
# Run 80: numeric kernels' minimum blocks per multiprocessor: default build (row kernel's 256-slot instance 10, pair kernel 5) against a second build (12 and 6). build, ctest -L gpu, spgemm_bench --hierarchy --profile and model --profile --levels 3 with both builds.
# The tree then had temporary macros SPGEMM_ROW_MIN_BLOCKS (default 10, 256-slot row kernel) and
# SPGEMM_NUMERIC_MIN_BLOCKS (default 5), overridden by -D in build-mb; the committed code fixes 10 and 5.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
cp /tmp/gc/tests.log "$F/" 2>/dev/null
(export CMAKE_PREFIX_PATH=/opt/deps/usr; cmake -S . -B build-mb -G Ninja -DCMAKE_BUILD_TYPE=Release \
  "-DCMAKE_CUDA_FLAGS=-DSPGEMM_ROW_MIN_BLOCKS=12 -DSPGEMM_NUMERIC_MIN_BLOCKS=6" && cmake --build build-mb -j 16 --target spgemm_bench) > "$F/build_mb.log" 2>&1
echo "build-mb rc=$?"
for v in gpu mb; do
  timeout 100 build-$v/apps/spgemm_bench --hierarchy --profile > "$F/hierarchy_$v.log" 2>&1
  timeout 100 build-$v/apps/spgemm_bench --profile --levels 3 > "$F/model_$v.log" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
for v in gpu mb; do echo "== $v"; grep -A200 "per-step" "$F/hierarchy_$v.log" | grep -E " 0 (A\*P|P\^T\*\(AP\)|P\^T\*\(AP\) sym) " | cut -c1-130; grep -A200 "per-step" "$F/model_$v.log" | grep -E " 0 (A\^2|A\*P|P\^T\*\(AP\) sym) " | cut -c1-130; done
