#!/usr/bin/env bash
# Run 248: main (07506dd), a measurement: where the host leaves the GPU idle inside one tile product. nsys
# traces the CUDA API and the GPU of the untimed extra call of five products (spgemm_bench --ncu-op, which
# brackets it with cudaProfilerStart/Stop): 2D 5-point level-0 P^T*A and (P^T A)*P, 3D 7-point level-0 A*P,
# level-1 P^T*A and level-3 A*P. Per product: API calls in order with start and duration, and the kernels.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build > "$F/checks_run.txt" 2>&1
echo "build $((SECONDS - t0)) s"; tail -1 "$F/checks_run.txt"
NSYS=$(command -v nsys || ls /usr/local/cuda/bin/nsys /opt/nvidia/nsight-systems*/bin/nsys /usr/local/cuda/nsight-systems*/bin/nsys 2>/dev/null | head -1)
echo "nsys: ${NSYS:-none}"
[ -n "$NSYS" ] || exit 0
B=build-gpu/apps/spgemm_bench
k=0
for pr in "2d5 1 0 P^T*A" "2d5 1 0 (P^T A)*P" "3d7 1 0 A*P" "3d7 2 1 P^T*A" "3d7 4 3 A*P"; do
  set -- $pr; prob=$1; lv=$2; at=$3; shift 3; op="$*"; k=$((k + 1))
  timeout 120 $NSYS profile --capture-range=cudaProfilerApi --trace=cuda -f true -o /tmp/n$k \
    $B --problem $prob --levels $lv --reps 2 --ncu-op "$op" --ncu-level $at > /tmp/n$k.log 2>&1
  echo "$k: $prob L$at $op rc=$?"
  timeout 60 $NSYS stats --report cuda_api_trace --report cuda_gpu_trace --format csv -o /tmp/s$k /tmp/n$k.nsys-rep > /dev/null 2>&1
  ls /tmp/s${k}_* 2>/dev/null | head -3
  { echo "### $prob L$at $op"; for f in /tmp/s${k}_*.csv; do echo "## $(basename $f)"; cat "$f"; done; } >> "$F/trace.csv"
done
gzip "$F/trace.csv"
echo "done $((SECONDS - t0)) s"
