#!/usr/bin/env bash
# Run 230: a measurement only (gpu_in/cv: main 522a0b3 with the numeric pair kernel's shared-memory carveout
# set from AMG_CARVEOUT): default against 86% (196 KB, 5 blocks, 60 KB of L1) and 72% (164 KB, 4 blocks,
# 92 KB of L1); 2D 5-point, 2D 9-point and 3D 7-point level 0, 3 rounds alternating.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
cmake -S gpu_in/cv -B build-cv -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-cv -j 16 --target spgemm_bench > /tmp/build.log 2>&1; echo "build rc=$? $((SECONDS - t0)) s"
B=build-cv/apps/spgemm_bench
for round in 1 2 3; do for v in def 86 72; do for p in 2d5 2d9 3d7; do
  echo "=== $v $round $p"
  if [ $v = def ]; then timeout 60 $B --problem $p --levels 1; else AMG_CARVEOUT=$v timeout 60 $B --problem $p --levels 1; fi
done; done; done > "$F/bench.log" 2>&1
echo "runs $((SECONDS - t0)) s"; grep -h "carveout" "$F/bench.log" | sort | uniq -c
echo "== tile ms by round: def 86 72 | cusparse"
awk '/^=== /{v=$2; r=$3} /^  .* level 0 / && !/sym/ {op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" "op; t[key,v,r]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-24s", k); for(r=1;r<=3;r++) s=s" "t[k,"def",r]" "t[k,"86",r]" "t[k,"72",r]" |"; print s" "c[k]}}' "$F/bench.log" | tee "$F/summary.txt"
