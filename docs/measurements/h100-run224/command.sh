#!/usr/bin/env bash
# Run 224: a 640-slot largest row instance (SPGEMM_ROW_SLOTS 640, gpu_in/v640, a measurement only) for the
# 2D 5-point P^T*A, whose C tile rows hold 513-640 entries (7267 of 7311), against main (1d0e2da's spgemm = e3dd1cc).
# Main: AUTO and --kernels rows; v640: --kernels rows with row split auto, 1 and 2. 3 rounds alternating.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf /tmp/m_*
t0=$SECONDS
(cmake -S gpu_in/v640 -B build-v640 -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-v640 -j 8 --target spgemm_bench > /tmp/build_v640.log 2>&1; echo "v640 build rc=$?")&
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 8 --target spgemm_bench > /tmp/build_gpu.log 2>&1; echo "main build rc=$?"
wait; echo "builds $((SECONDS - t0)) s"
tail -3 /tmp/build_v640.log
declare -A cmd=([auto]="build-gpu/apps/spgemm_bench" [rows]="build-gpu/apps/spgemm_bench --kernels rows"
  [v640]="build-v640/apps/spgemm_bench --kernels rows" [v640s1]="build-v640/apps/spgemm_bench --kernels rows --row-split 1"
  [v640s2]="build-v640/apps/spgemm_bench --kernels rows --row-split 2")
for round in 1 2 3; do for v in auto rows v640 v640s1 v640s2; do
  timeout 100 ${cmd[$v]} --levels 1 --problem 2d5 > "/tmp/m_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "rounds done $((SECONDS - t0)) s"
echo "== tile ms, rounds 1-3: auto rows v640 v640s1 v640s2 each | cusparse (round 1)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {split("auto rows v640 v640s1 v640s2",vs," "); for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-24s", k); for(r=1;r<=3;r++){for(j=1;j<=5;j++) s=s" "t[k,"/tmp/m_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$F/bench.log" | grep -v " sym " | tee "$F/summary.txt"
