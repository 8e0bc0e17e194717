#!/usr/bin/env bash
# Run 42: forms of the batch SpMV compared in one run. The experiment build (not committed) chose the
# batch kernel's form from the environment variable AMG_SPMV_EXPERIMENT:
#   0 merged pairs, no register limit (72 registers)   1 merged, 4 blocks/SM (64 registers)
#   2 pairs in turn, no limit (56 registers)           3 pairs in turn, 6 blocks/SM (40 registers)
#   4 merged, 5 blocks/SM (48 registers, 56 B spilled) 5 merged, 3 entries per pair and round, 5 blocks/SM (spills)
#   6 merged, 2 entries per pair and round, 6 blocks/SM 7 merged, no metadata prefetch, 5 blocks/SM (spills)
#   8 merged, 3 entries, no prefetch, 6 blocks/SM       9 pairs in turn, no prefetch, 6 blocks/SM
# Each form ran test_gpu_spmv (rc in run.txt) and spmv_bench --no-fused (level 0 of the four problems).
# The committed code keeps forms 3 ("pairs") and 1 ("merged").
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
for e in 1 3 5 6 7 8 9; do
  AMG_SPMV_EXPERIMENT=$e timeout 60 build-gpu/tests/test_gpu_spmv > /tmp/t$e.log 2>&1; echo "experiment $e test_gpu_spmv rc=$?" >> "$F/run.txt"
  AMG_SPMV_EXPERIMENT=$e timeout 100 build-gpu/apps/spmv_bench --no-fused > "$F/spmv_e$e.log" 2>&1; echo "experiment $e spmv_bench rc=$?" >> "$F/run.txt"
done
