#!/usr/bin/env bash
# Run 121: where one tile product's time goes, kernel by kernel (ncu gpu__time_duration, warm caches, clocks free): the model's level 0, 3D 7-point and 2D 5-point, reps 1.
# Code: bcfc8c1.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run121.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=400 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
tail -3 /tmp/gc/build.log
for p in 3d7 2d5; do
  timeout 200 ncu --csv --metrics gpu__time_duration.sum --cache-control none --clock-control none \
    --launch-count 700 build-gpu/apps/spgemm_bench --problem $p --levels 1 --reps 1 --profile > "$F/ncu_$p.csv" 2> "$F/ncu_$p.err"
  echo "$p rc=$?"
done
timeout 100 build-gpu/apps/spgemm_bench --problem 3d7 --problem 2d5 --levels 1 --profile > "$F/bench.log" 2>&1
sed -n '/per-step/,$p' "$F/bench.log"
