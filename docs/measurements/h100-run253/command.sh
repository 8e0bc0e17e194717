#!/usr/bin/env bash
# Run 253: branch next/one-pass-batch4 (the unfused one-pass instances take batches of four pairs, one list per
# lane over the four, at 5 blocks per multiprocessor) against main (old, gpu_in/old): build, ctest -L gpu and
# memcheck of test_gpu_spgemm on the branch; the model (levels 0-1) and the SA hierarchy (levels 0-1), two
# rounds each, alternating.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?") &
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8
grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
for round in 1 2; do for v in gpu old; do
  timeout 60 build-$v/apps/spgemm_bench --levels 2 > "/tmp/m_${v}_$round.log" 2>&1
  timeout 60 build-$v/apps/spgemm_bench --hierarchy --levels 2 > "/tmp/h_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log /tmp/h_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "runs done $((SECONDS - t0)) s"
echo "== second products and level-1 products, tile ms: new old (round 1) | new old (round 2) | cusparse"
awk '/^=== /{split($2,p,"_"); v=p[2]; r=substr(p[3],1,1)} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,v,r]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}}
     END {for(i=1;i<=n;i++){k=order[i]; if (k !~ /P\^T\*\(AP\)|\(P\^T A\)\*P| L1 /) continue; printf "%-30s %s %s | %s %s | %s\n", k, t[k,"gpu",1], t[k,"old",1], t[k,"gpu",2], t[k,"old",2], c[k]}}' "$F/bench.log" | tee "$F/summary.txt"
echo "== level-0 orders: new round 1, round 2"
grep -hE "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 order (pt_ap|pta_p) " /tmp/m_gpu_1.log /tmp/m_gpu_2.log | cut -c1-125
