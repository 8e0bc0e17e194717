#!/usr/bin/env bash
# Run 23: per-step profile of the tile products on the real SA hierarchy.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
scripts/gpu_check.sh build > "$OUT/run.txt" 2>&1
timeout 300 build-gpu/apps/spgemm_bench --hierarchy --profile --problem 3d7 --problem 3d27 --problem 2d5 \
  > "$OUT/profile.log" 2> "$OUT/profile.err"
sed -n '/per-step breakdown/,$p' "$OUT/profile.log"
tail -3 "$OUT/profile.err"
