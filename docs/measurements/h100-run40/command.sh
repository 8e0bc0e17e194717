#!/usr/bin/env bash
# Run 40: batch SpMV with the four tiles taken as two pairs (32-bit masks and offsets), the pairs in turn
# (the first form of the change, 40 registers): ctest -L gpu, spmv_bench --galerkin, SASS size of
# batch_kernel<1, spmv_out> (560 instructions; about 1000 before, counted from a cuobjdump of b3df2f1's
# spmv.cu built for sm_90), ncu issue statistics of the batch kernel.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
cp /tmp/gc/tests.log "$F/" 2>/dev/null
timeout 200 build-gpu/apps/spmv_bench --galerkin > "$F/spmv.log" 2>&1; echo "spmv_bench rc=$?" >> "$F/run.txt"
cuobjdump -sass build-gpu/solver/CMakeFiles/amg_solver.dir/spmv.cu.o 2>&1 | awk '/Function : _Z12batch_kernelILi1E8spmv/{on=1} /Function : /{if(!/_Z12batch_kernelILi1E8spmv/)on=0} on' > /tmp/batch.sass
echo "batch<1,spmv_out> SASS instructions: $(grep -cE '^\s+/\*[0-9a-f]{4}\*/' /tmp/batch.sass)" >> "$F/run.txt"
S="--section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats --section SchedulerStats"
for p in 2d5 3d27; do
  timeout 100 ncu $S -k regex:batch_kernel -c 1 build-gpu/apps/spmv_bench --problem $p --reps 20 --no-fused > "$F/ncu_$p.txt" 2>&1
done
