#!/usr/bin/env bash
# Run 48: spgemm_add_pair loading B's row values four at a time before the adds (not kept: numeric
# step slower, e.g. trace cand 57011: 679 -> 855 us GPU), run 47's trace patch still in.
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
AMG_TRACE=1 timeout 120 build-gpu/apps/spgemm_bench --problem 3d7 --problem 2d5 --reps 5 > "$F/trace.log" 2>&1
timeout 120 build-gpu/apps/spgemm_bench --problem 3d7 --problem 2d5 --problem 2d9 --problem 3d27 --reps 10 > "$F/plain.log" 2>&1
