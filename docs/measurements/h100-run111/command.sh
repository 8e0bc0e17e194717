#!/usr/bin/env bash
# Run 111: kernel durations (ncu, gpu__time_duration) of the model's 3D 7-point products at levels 0 and 1, to see where the level-1 products' time goes (code 9ffe27e). ncu.csv itself (786 KB) is kept as ncu.csv.gz.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run111.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
timeout 400 ncu --metrics gpu__time_duration.sum --csv --print-units base \
  build-gpu/apps/spgemm_bench --problem 3d7 --levels 2 --reps 1 > "$F/ncu.csv" 2> "$F/ncu.err"
echo "ncu rc=$?"
wc -l "$F/ncu.csv"; tail -3 "$F/ncu.err"
gzip -k "$F/ncu.csv"; ls -la "$F"
