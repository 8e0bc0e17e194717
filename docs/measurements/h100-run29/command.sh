#!/usr/bin/env bash
# Run 29: where the setup's time goes, kernel by kernel (ncu; nsys is not installed), 3D 27-point and 3D 7-point.
# kernel_profile.txt sums the per-kernel CSV (not kept: 0.7 MB each) from the main run's CSR -> tile on.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
for c in poisson3d_27pt poisson3d_7pt; do
  timeout 250 ncu --metrics gpu__time_duration.sum --csv build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false > "$F/ncu_$c.csv" 2>&1
done
