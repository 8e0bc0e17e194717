#!/usr/bin/env bash
# Run 229: a measurement, no code change (main 71ad6c1): the model's level-0 products on 2D 5-point and 2D
# 9-point with B_kj looked up in B's tile rows (--b-lookup rows, no column order built) against AUTO (which
# takes the column order for P^T*A); 3 rounds alternating, then one --profile round each.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 16 --target spgemm_bench > /tmp/build.log 2>&1; echo "build rc=$? $((SECONDS - t0)) s"
B=build-gpu/apps/spgemm_bench
for round in 1 2 3; do for v in auto rows; do for p in 2d5 2d9 3d7; do
  echo "=== $v $round $p"; timeout 60 $B --problem $p --levels 1 --b-lookup $v
done; done; done > "$F/bench.log" 2>&1
for v in auto rows; do for p in 2d5 2d9 3d7; do echo "=== $v $p"; timeout 60 $B --problem $p --levels 1 --b-lookup $v --profile; done; done > "$F/profile.log" 2>&1
echo "runs $((SECONDS - t0)) s"
echo "== tile ms by round: auto rows | cusparse"
awk '/^=== /{v=$2; r=$3} /^  .* level 0 / && !/sym/ {op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" "op; t[key,v,r]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-24s", k); for(r=1;r<=3;r++) s=s" "t[k,"auto",r]" "t[k,"rows",r]" |"; print s" "c[k]}}' "$F/bench.log" | tee "$F/summary.txt"
awk '/^=== /{v=$2} /^(2d5|2d9|3d7)[^ ]* +0 / {line=$0; if (gsub(/\|/, "|", line) == 2 && !/sym/) print v, $0}' "$F/profile.log" | sort -k2,2 -k4,4 -k1,1 | tee "$F/profile_summary.txt"
