#!/usr/bin/env bash
# Run 247: branch next/columns-by-rows (B's column order read from B^T by 8 lanes per tile row of B^T where
# those rows average at most 16 tiles, else a thread per tile as before) against main (old, gpu_in/old): build,
# ctest -L gpu, memcheck and racecheck of test_gpu_formats on the branch; levels 0-2 of the model, 3 rounds
# alternating; --profile of levels 0-1 for both.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?") &
OUT=/tmp/gc STEP_TIMEOUT=200 SANITIZE=build-gpu/tests/test_gpu_formats scripts/gpu_check.sh build tests memcheck racecheck > "$F/checks_run.txt" 2>&1
wait; echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
tail -5 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8
grep -hE "ERROR SUMMARY|RACECHECK SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
for round in 1 2 3; do for v in gpu old; do
  timeout 80 build-$v/apps/spgemm_bench --levels 2 > "/tmp/m_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for v in gpu old; do echo "=== $v"; timeout 60 build-$v/apps/spgemm_bench --levels 2 --profile; done > "$F/profile.log" 2>&1
echo "runs done $((SECONDS - t0)) s"
summ() { awk -v pre="$2" '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {split("gpu old",vs," "); for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-28s", k); for(r=1;r<=3;r++){for(j=1;j<=2;j++) s=s" "t[k,"/tmp/"pre"_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$1"; }
echo "== model, tile ms, rounds 1-3: new old each | cusparse"
summ "$F/bench.log" m | grep -v sym | grep -E "P\^T\*A|\(P\^T A\)\*P" | tee "$F/summary.txt"
echo "== model level-0 orders, rounds 1-3: new then old"
for r in 1 2 3; do grep -hE "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 order (pt_ap|pta_p) " /tmp/m_gpu_$r.log /tmp/m_old_$r.log | cut -c1-125; done
echo "== profile: columns step (ms), new then old"
awk '/^=== /{v=$2} /^(2d5|2d9|3d7|3d27)[^ ]* +[0-2] +(P\^T\*A|\(P\^T A\)\*P|A\^2) / {line=$0; if (gsub(/\|/, "|", line) == 2) print v, $0}' "$F/profile.log"
