#!/usr/bin/env bash
# Run 64: SpMV "list" kernel, R / min blocks 8/4, 6/5, 5/6, 6/6, 7/4, 9/4, 10/4, 12/3 against batch (AUTO), with the model coarse operators (--galerkin).
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=250 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
B=build-gpu/apps/spmv_bench
for l in 0 84 65 56 66 74 94 104 123 0; do
  echo "=== list $l" >> "$F/spmv.log"
  AMG_SPMV_LIST=$l timeout 120 $B --galerkin >> "$F/spmv.log" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "^=== |^(2d|3d)[^ ]* +(batch) +(spmv|residual|jacobi)" "$F/spmv.log" | awk '{print $1,$2,$3,$10,$12, $NF, $(NF-1)}'
