#!/usr/bin/env bash
# Run 92 (final code, f6dee8a): build, ctest -L gpu, spgemm_bench (model), amg_solve --compare-orders cusparse --repeat 10 (four problems, 3D 27-point twice), memcheck (all 7 GPU test programs), racecheck (test_gpu_spgemm stopped at its 300 s limit, rerun in run 93; test_gpu_formats).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
timeout 150 build-gpu/apps/spgemm_bench --json "$F/spgemm.json" > "$F/spgemm.log" 2>&1
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt poisson3d_27pt; do
  echo "=== $c" >> "$F/compare.log"
  timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false \
    --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh memcheck >> "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE="build-gpu/tests/test_gpu_spgemm build-gpu/tests/test_gpu_formats" scripts/gpu_check.sh racecheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
