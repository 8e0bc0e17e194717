#!/usr/bin/env bash
# Run 39: where the level-0 SpMV loses bandwidth. ncu (SpeedOfLight, MemoryWorkloadAnalysis, Occupancy,
# WarpStateStats, LaunchStats, SchedulerStats) on the first launch of the batch, row and stream kernels,
# 2D 5-point and 3D 27-point, with the code of b3df2f1. (A first attempt named the kernels with their
# template arguments, which ncu's base-name filter does not match, and profiled cuSPARSE's csrmv and an
# unrelated narrow_kernel instead; not kept.)
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
[ -x build-gpu/apps/spmv_bench ] || OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
S="--section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section WarpStateStats --section LaunchStats --section SchedulerStats --section MemoryWorkloadAnalysis_Tables"
for p in 2d5 3d27; do
  for k in batch_kernel "^row_kernel" stream_kernel; do
    timeout 120 ncu $S -k regex:"$k" -c 1 build-gpu/apps/spmv_bench --problem $p --reps 20 --no-fused >> "$F/ncu_$p.txt" 2>&1
  done
done
