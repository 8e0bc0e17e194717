#!/usr/bin/env bash
# Run 79: AUTO rule with the pair-list condition; experiment: numeric kernels with __launch_bounds__ minimum blocks (row kernel 10, pair kernel 5) in a second build. build, ctest -L gpu, memcheck (spgemm, setup), spgemm_bench --hierarchy --profile and model --profile --levels 3 with both builds.
# The tree then had temporary macros SPGEMM_ROW_MIN_BLOCKS and SPGEMM_NUMERIC_MIN_BLOCKS (default 1, the
# -D values below in build-mb); the committed code fixes them at 10 (256-slot row kernel) and 5 (pair kernel).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=200 SANITIZE="build-gpu/tests/test_gpu_spgemm build-gpu/tests/test_gpu_setup" scripts/gpu_check.sh memcheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
(export CMAKE_PREFIX_PATH=/opt/deps/usr; cmake -S . -B build-mb -G Ninja -DCMAKE_BUILD_TYPE=Release \
  "-DCMAKE_CUDA_FLAGS=-DSPGEMM_ROW_MIN_BLOCKS=10 -DSPGEMM_NUMERIC_MIN_BLOCKS=5" && cmake --build build-mb -j 16 --target spgemm_bench) > "$F/build_mb.log" 2>&1
echo "build-mb rc=$?"
for v in gpu mb; do
  timeout 100 build-$v/apps/spgemm_bench --hierarchy --profile > "$F/hierarchy_$v.log" 2>&1
  timeout 100 build-$v/apps/spgemm_bench --profile --levels 3 > "$F/model_$v.log" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
for v in gpu mb; do echo "== $v"; grep -A200 "per-step" "$F/hierarchy_$v.log" | grep -E " [01] (A\*P|P\^T\*\(AP\)|P\^T\*\(AP\) sym) " | cut -c1-130; done
