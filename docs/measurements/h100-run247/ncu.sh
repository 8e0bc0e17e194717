#!/usr/bin/env bash
# Run 247, second command (same machine, after command.sh built build-gpu): per-instruction ncu source pages
# (SASS with source lines: instructions executed, thread instructions, stall samples) of the main kernel of
# three products: the numeric pair kernel of 3D 7-point level-0 A*P and 2D 5-point level-0 P^T*A, and the
# one-pass kernel of 3D 7-point level-0 P^T*(AP); raw metrics of every kernel of 3D 7-point level-1 P^T*A.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
B=build-gpu/apps/spgemm_bench
k=0
for pr in "numeric_kernel 3d7 1 0 A*P" "one_pass_kernel 3d7 1 0 P^T*(AP)" "numeric_kernel 2d5 1 0 P^T*A"; do
  set -- $pr; kern=$1; prob=$2; lv=$3; at=$4; shift 4; op="$*"; k=$((k + 1))
  timeout 150 ncu --profile-from-start off -k regex:"$kern" --section SourceCounters --section WarpStateStats \
    --import-source yes --cache-control none --clock-control none -f -o /tmp/rep$k \
    $B --problem $prob --levels $lv --reps 2 --ncu-op "$op" --ncu-level $at > /tmp/ncu$k.log 2>&1
  echo "$k: $kern $prob L$at $op rc=$? $((SECONDS - t0)) s"
  ncu -i /tmp/rep$k.ncu-rep --page source --csv --print-source sass > /tmp/src$k.csv 2> /tmp/src$k.err \
    || ncu -i /tmp/rep$k.ncu-rep --page source --csv > /tmp/src$k.csv 2>> /tmp/src$k.err
  echo "   source page: $(wc -l < /tmp/src$k.csv) lines; $(head -c 300 /tmp/src$k.err)"
  gzip -c /tmp/src$k.csv > "$F/src$k.csv.gz"
done
S="--section WarpStateStats --section SpeedOfLight --section Occupancy --section LaunchStats --section SchedulerStats"
timeout 150 ncu --csv --page raw --profile-from-start off $S \
  --metrics smsp__thread_inst_executed_per_inst_executed.ratio,smsp__inst_executed.sum --cache-control none \
  --clock-control none $B --problem 3d7 --levels 2 --reps 2 --ncu-op "P^T*A" --ncu-level 1 > "$F/ncu_l1.csv" 2> /dev/null
echo "l1: rc=$? $((SECONDS - t0)) s, $(grep -c '^"[0-9]' "$F/ncu_l1.csv") kernels"
head -c 600 /tmp/src1.csv
