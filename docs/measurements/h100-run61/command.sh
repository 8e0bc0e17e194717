#!/usr/bin/env bash
# Run 61: as run 60, staged SpMV with the shared-memory carveout forced (occupancy printed).
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root with ../h100-run60/staged.diff and the carveout probe applied)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=250 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
B=build-gpu/apps/spmv_bench
for cfg in "0 0 0" "1 0 0" "1 0 100" "0 0 0"; do
  set -- $cfg
  echo "=== stage $1 form $2 carve $3" >> "$F/spmv.log"
  AMG_SPMV_STAGE=$1 AMG_SPMV_FORM=$2 AMG_SPMV_CARVE=$3 timeout 120 $B --no-fused --problem 2d5 --problem 3d7 >> "$F/spmv.log" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "^=== |EXPERIMENT|^(2d|3d)[^ ]* +(cusparse|batch) +(spmv|residual|jacobi)" "$F/spmv.log" | awk '{print $1,$2,$3,$4,$5,$6,$7,$8,$10,$12}' 
