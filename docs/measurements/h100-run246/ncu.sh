#!/usr/bin/env bash
# Run 246, second command (same machine, after command.sh built build-gpu): ncu raw metrics (speed of light,
# occupancy, launch, scheduler and warp-state sections, SIMT efficiency) of every kernel of five products that
# miss a target: 3D 7-point level-0 A*P and P^T*(AP), 2D 5-point level-0 P^T*A and (P^T A)*P, 3D 7-point
# level-1 P^T*A. One raw CSV per product.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
S="--section WarpStateStats --section SpeedOfLight --section Occupancy --section LaunchStats --section SchedulerStats"
M="--metrics smsp__thread_inst_executed_per_inst_executed.ratio,smsp__inst_executed.sum"
k=0
for pr in "3d7 1 0 A*P" "3d7 1 0 P^T*(AP)" "2d5 1 0 P^T*A" "2d5 1 0 (P^T A)*P" "3d7 2 1 P^T*A"; do
  set -- $pr; prob=$1; lv=$2; at=$3; shift 3; op="$*"; k=$((k + 1))
  timeout 150 ncu --csv --page raw --profile-from-start off $S $M --cache-control none --clock-control none \
    build-gpu/apps/spgemm_bench --problem $prob --levels $lv --reps 2 --ncu-op "$op" --ncu-level $at \
    > "$F/ncu_$k.csv" 2> "$F/ncu_$k.err"
  echo "$k: $prob L$at $op rc=$? $((SECONDS - t0)) s, $(grep -c '^"[0-9]' "$F/ncu_$k.csv") kernels"
done
