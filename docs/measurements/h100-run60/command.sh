#!/usr/bin/env bash
# Run 60: SpMV batch with the tile row's values staged in shared memory (cp.async, staged.diff, not kept), against unstaged, pairs / merged forms.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root with staged.diff applied)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=250 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
B=build-gpu/apps/spmv_bench
for cfg in "0 0" "1 0" "1 1" "1 2" "0 1" "0 2" "0 0" "1 0"; do
  set -- $cfg
  echo "=== stage $1 form $2" >> "$F/spmv.log"
  AMG_SPMV_STAGE=$1 AMG_SPMV_FORM=$2 timeout 120 $B --no-fused >> "$F/spmv.log" 2>&1
done
echo "=== fused stage 0" >> "$F/spmv.log"; AMG_SPMV_STAGE=0 timeout 120 $B >> "$F/spmv.log" 2>&1
echo "=== fused stage 1" >> "$F/spmv.log"; AMG_SPMV_STAGE=1 timeout 120 $B >> "$F/spmv.log" 2>&1
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "^=== |^(2d|3d)[^ ]* +(cusparse|batch) +(spmv|residual|jacobi)" "$F/spmv.log" | awk '{print $1,$2,$3,$10,$12}'
