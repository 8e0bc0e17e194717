#!/usr/bin/env bash
# Run 115: ncu --set full on the model 3D 7-point A^2's row kernels (step 2 symbolic_rows_kernel, step 3 rows_kernel<512,256,1>) and its compact_kernel, to see what bounds them (code 6b3a5cb).
# Code: 6b3a5cb. The raw CSV pages are not kept; the details pages are rows.txt, srows.txt and compact.txt.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run115.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
B="build-gpu/apps/spgemm_bench --problem 3d7 --levels 1 --reps 1"
N="ncu --set full --import-source no"
timeout 150 $N -k regex:^rows_kernel --launch-skip 1 --launch-count 1 -o /tmp/rows $B > "$F/ncu.err" 2>&1
timeout 100 $N -k regex:^symbolic_rows_kernel --launch-count 1 -o /tmp/srows $B >> "$F/ncu.err" 2>&1
timeout 100 $N -k regex:^compact_kernel --launch-count 1 -o /tmp/compact $B >> "$F/ncu.err" 2>&1
for f in rows srows compact; do
  ncu --import /tmp/$f.ncu-rep --page details > "$F/$f.txt" 2>&1
  ncu --import /tmp/$f.ncu-rep --page raw --csv > /tmp/$f.raw.csv 2>&1; gzip -c /tmp/$f.raw.csv > "$F/$f.raw.csv.gz"
done
tail -3 "$F/ncu.err"
for f in rows srows compact; do echo "== $f"; grep -E "^  [a-z_<>, 0-9]+\(|Duration|Registers Per|Achieved Occupancy|Theoretical Occupancy|Issue Slots Busy|Memory Throughput|L1/TEX Hit|L2 Hit|Warp Cycles Per Issued|No Eligible|Block Limit" "$F/$f.txt" | head -20; done
