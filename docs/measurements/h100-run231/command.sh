#!/usr/bin/env bash
# Run 231: a measurement only (gpu_in/b5: main 610af84 with NUMERIC_MIN_BLOCKS 5 instead of 6, so the pair
# and one-pass kernels get 44-48 registers instead of 40): levels 0-1 of the model, 3 rounds alternating.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf /tmp/m_*
t0=$SECONDS
(cmake -S gpu_in/b5 -B build-b5 -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-b5 -j 8 --target spgemm_bench > /tmp/build_b5.log 2>&1; echo "b5 build rc=$?") &
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 8 --target spgemm_bench > /tmp/build_gpu.log 2>&1; echo "main build rc=$?"
wait; echo "builds $((SECONDS - t0)) s"
for round in 1 2 3; do for v in gpu b5; do
  timeout 100 build-$v/apps/spgemm_bench --levels 2 > "/tmp/m_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "rounds done $((SECONDS - t0)) s"
echo "== tile ms, rounds 1-3: main b5 each | cusparse (round 1)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {split("gpu b5",vs," "); for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-24s", k); for(r=1;r<=3;r++){for(j=1;j<=2;j++) s=s" "t[k,"/tmp/m_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$F/bench.log" | grep -v " sym " | tee "$F/summary.txt"
