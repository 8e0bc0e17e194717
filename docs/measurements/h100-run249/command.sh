#!/usr/bin/env bash
# Run 249: branch next/wide-block-rows (step 1's block per row of 1024 threads where C has no more tile rows
# than multiprocessors; the compaction by 32 candidates per block where 128 leave under two blocks per
# multiprocessor) against main (old, gpu_in/old, 07506dd): build, ctest -L gpu and memcheck of
# test_gpu_spgemm on the branch; the whole model (every level), 3 rounds alternating, the coarse products
# counted against 0.15 ms per round; --profile of levels 0-1 for both.
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
grep -hE "ERROR SUMMARY|RACECHECK SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
for round in 1 2 3; do for v in gpu old; do
  timeout 100 build-$v/apps/spgemm_bench > "/tmp/m_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for v in gpu old; do echo "=== $v"; timeout 60 build-$v/apps/spgemm_bench --levels 2 --profile; done > "$F/profile.log" 2>&1
echo "runs done $((SECONDS - t0)) s"
echo "== coarse products within 0.15 ms (levels 1 and below, general), per round and variant"
for r in 1 2 3; do for v in gpu old; do
  awk -v tag="$v $r" '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s %s", $1, $3, $4, t)} END {print tag ": " ok " of " n miss}' "/tmp/m_${v}_$r.log"
done; done
summ() { awk -v pre="$2" '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {split("gpu old",vs," "); for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-28s", k); for(r=1;r<=3;r++){for(j=1;j<=2;j++) s=s" "t[k,"/tmp/"pre"_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$1"; }
echo "== model L1 and L0 orders' products, tile ms, rounds 1-3: new old each | cusparse"
summ "$F/bench.log" m | grep -v sym | grep -E " L1 | L0 " | tee "$F/summary.txt"
echo "== model level-0 orders, round 1-3: new then old"
for r in 1 2 3; do grep -hE "^(2d5|3d7)-[0-9]+ +0 order (pt_ap|pta_p) " /tmp/m_gpu_$r.log /tmp/m_old_$r.log | cut -c1-125; done
echo "== profile, level 1 P^T*A"
awk '/^=== /{v=$2} /^(3d7|3d27)[^ ]* +1 +P\^T\*A / {line=$0; if (gsub(/\|/, "|", line) == 2) print v, $0}' "$F/profile.log"
