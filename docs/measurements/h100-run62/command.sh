#!/usr/bin/env bash
# Run 62: ncu --set full on the level-0 batch SpMV kernel (2D 5-point: pairs in turn; 3D 7-point: merged), with per-instruction SASS stall sampling, code of 1ed59dd.
# ncu_*.txt keep the speed-of-light, compute, scheduler, warp-state, instruction, launch and occupancy sections of --print-details all.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=250 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
for p in 2d5 3d7; do
  timeout 150 ncu --set full --import-source no -k regex:batch_kernel -c 1 -o /tmp/ncu_$p -f build-gpu/apps/spmv_bench --problem $p --reps 20 --no-fused > /tmp/ncu_run_$p.txt 2>&1
  ncu -i /tmp/ncu_$p.ncu-rep --print-details all > "$F/ncu_$p.txt" 2>&1
  ncu -i /tmp/ncu_$p.ncu-rep --page source --csv --print-source sass > "$F/sass_$p.csv" 2>&1
done
