#!/usr/bin/env bash
# Run 47: where a small tile product's fixed cost goes. A temporary trace patch (not committed):
# trace_tmp.h, with trace_point() after B's column index, the count pass and its sync, the fill pass,
# the symbolic launch, the scan and its sync, C's allocation, the compaction, the numeric step and the
# frees; each point records host time and a CUDA event; "TRACE" lines give host/GPU microseconds per step.
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
AMG_TRACE=1 timeout 120 build-gpu/apps/spgemm_bench --problem 3d7 --problem 2d5 --reps 5 > "$F/trace.log" 2>&1
timeout 120 build-gpu/apps/spgemm_bench --problem 3d7 --problem 2d5 --reps 10 > "$F/plain.log" 2>&1
