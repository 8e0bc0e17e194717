#!/usr/bin/env bash
# Run 299: racecheck of test_gpu_spgemm in full on main's kernels (as ade0202), as 13 parts (one
# section each) run at once over the machine's GPUs (gpu_check.sh SANITIZE_JOBS), since the whole
# test under racecheck ran past 575 s in run 297. Asked for nvidia-h100-x4; ran on 4 H200s (nvidia-h200-x4).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
list=""
for k in $(seq 0 12); do list+=" build-gpu/tests/test_gpu_spgemm:$k/13"; done
OUT=$OUT STEP_TIMEOUT=${STEP_TIMEOUT:-480} SANITIZE_JOBS=13 SANITIZE="$list" scripts/gpu_check.sh build racecheck \
  > "$OUT/checks.txt" 2>&1
echo "all done $((SECONDS - t0)) s"
sed -n '/==== failures/,$p' "$OUT/checks.txt"
grep -hE "RACECHECK SUMMARY|all checks passed" "$OUT/sanitizer.log" | sort | uniq -c
