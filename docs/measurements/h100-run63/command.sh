#!/usr/bin/env bash
# Run 63: first "list" SpMV kernel (h100-run64/list_experiment.diff with the instances 4/6, 4/5, 6/5, 8/4 only), selected by AMG_SPMV_LIST=<slots><min blocks>, against batch (AUTO's form).
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=250 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
B=build-gpu/apps/spmv_bench
for l in 0 46 45 65 84 0 84 65; do
  echo "=== list $l" >> "$F/spmv.log"
  AMG_SPMV_LIST=$l timeout 120 $B >> "$F/spmv.log" 2>&1
done
