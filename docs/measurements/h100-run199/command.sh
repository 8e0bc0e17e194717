#!/usr/bin/env bash
# Run 199: dead-pair skip variants, level 0 of the model and the SA hierarchy, x2 rounds:
#  gpu = windows of 16 in both row kernels; v1 = numeric minimal skip (batches of 4), symbolic windows;
#  v2 = minimal skip in both; old = HEAD.
# Code: the working tree on fc27217 (uncommitted then); old: fc27217, as gpu_in/old (git archive).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run199.sh, run from the repository root)
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
for v in gpu v1 v2 old; do
  src=gpu_in/$v; [ $v = gpu ] && src=.
  (cmake -S $src -B build-$v -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-$v -j 4 --target spgemm_bench > /tmp/build_$v.log 2>&1; echo "$v build rc=$?" > /tmp/rc_$v) &
done
wait; cat /tmp/rc_*; echo "builds $((SECONDS - t0)) s"
nvidia-smi --query-gpu=name --format=csv,noheader
for round in 1 2; do for v in gpu v1 v2 old; do
  timeout 100 build-$v/apps/spgemm_bench --levels 1 > "/tmp/m_${v}_$round.log" 2>&1
  timeout 100 build-$v/apps/spgemm_bench --hierarchy > "/tmp/h_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*_?.log /tmp/h_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "== tile ms, rounds 1 and 2: gpu v1 v2 old | gpu v1 v2 old | cusparse"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; p=(k ~ /^SA/)?"h":"m"; s=sprintf("%-28s", k); for(r=1;r<=2;r++){split("gpu v1 v2 old",vs," "); for(j=1;j<=4;j++) s=s" "t[k,"/tmp/"p"_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$F/bench.log" | grep -E " L[01] " | grep -E "A\^2|A\*P"
