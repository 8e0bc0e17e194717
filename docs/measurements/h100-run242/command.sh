#!/usr/bin/env bash
# Run 242: branch next/compact-one-pass (one pass with 64 values per candidate above 65,536 candidates, up to 2^19)
# against main (old, gpu_in/old): build, ctest -L gpu and memcheck of test_gpu_spgemm on the branch; levels
# 0-1 of the model, 3 rounds alternating; the SA hierarchy, 2 rounds alternating; --profile of level 0 A*P
# per variant; amg_solve on the four model configs (--repeat 10) with both.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench amg_solve > /tmp/build_old.log 2>&1; echo "old build rc=$?") &
OUT=/tmp/gc STEP_TIMEOUT=200 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
for round in 1 2 3; do for v in gpu old; do
  timeout 80 build-$v/apps/spgemm_bench --levels 2 > "/tmp/m_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for round in 1 2; do for v in gpu old; do
  timeout 80 build-$v/apps/spgemm_bench --hierarchy > "/tmp/h_${v}_$round.log" 2>&1
done; done
for f in /tmp/h_*.log; do echo "=== $f"; cat "$f"; done > "$F/hierarchy.log"
for v in gpu old; do echo "=== $v"; timeout 60 build-$v/apps/spgemm_bench --levels 1 --profile; done > "$F/profile.log" 2>&1
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do for v in gpu old; do echo "=== $v $c"; timeout 60 build-$v/apps/amg_solve --config configs/$c.cfg --repeat 10; done; done > "$F/solve.log" 2>&1
echo "runs done $((SECONDS - t0)) s"
summ() { awk -v pre="$2" '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {split("gpu old",vs," "); for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-28s", k); for(r=1;r<=3;r++){for(j=1;j<=2;j++) s=s" "t[k,"/tmp/"pre"_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$1"; }
echo "== model, tile ms, rounds 1-3: new old each | cusparse"
summ "$F/bench.log" m | grep -E " L[01] " | tee "$F/summary.txt"
echo "== model level-0 orders: new then old, round 1"
grep -hE "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 order (pt_ap|pta_p) " /tmp/m_gpu_1.log /tmp/m_old_1.log | cut -c1-125
echo "== SA hierarchy, tile ms, rounds 1-2: new old each | cusparse"
summ "$F/hierarchy.log" h | tee "$F/hierarchy_summary.txt"
echo "== SA peak device memory, tile MiB (new round 1, old round 1)"
for v in gpu old; do echo "-- $v"; awk "/^SA-[^ ]+ +[0-9] / && !/order/ {print \$1, \$2, \$3, \$4, \$(NF-1)}" /tmp/h_${v}_1.log | grep -E " 0 | 1 "; done
echo "== profile, level-0 A*P"
awk '/^=== /{v=$2} /^(2d5|2d9|3d7|3d27)[^ ]* +0 +A\*P / {line=$0; if (gsub(/\|/, "|", line) == 2) print v, $0}' "$F/profile.log"
grep -E "^=== |iterations|setup  +median" "$F/solve.log"
