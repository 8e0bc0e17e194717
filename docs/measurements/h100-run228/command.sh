#!/usr/bin/env bash
# Run 228: branch next/warp-pairs (the numeric pair kernel with a half-warp per tile: the warp takes two
# neighbouring C tiles per atomic, one per half; UNMEASURED) against main (old): build, ctest -L gpu and
# memcheck of test_gpu_spgemm on the branch; levels 0-1 of the model, 3 rounds alternating; one --profile
# round of 2D 5-point and 3D 7-point level 0 per variant.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf /tmp/gc /tmp/m_*
t0=$SECONDS
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 4 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?") &
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
for round in 1 2 3; do for v in gpu old; do
  timeout 100 build-$v/apps/spgemm_bench --levels 2 > "/tmp/m_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for v in gpu old; do
  for p in 2d5 3d7; do echo "=== $v $p"; timeout 60 build-$v/apps/spgemm_bench --problem $p --levels 1 --profile; done
done > "$F/profile.log" 2>&1
echo "runs done $((SECONDS - t0)) s"
echo "== tile ms, rounds 1-3: gpu old each | cusparse (round 1)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {split("gpu old",vs," "); for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-24s", k); for(r=1;r<=3;r++){for(j=1;j<=2;j++) s=s" "t[k,"/tmp/m_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$F/bench.log" | grep -v " sym " | tee "$F/summary.txt"
echo "== profile: level 0 (variant | columns step1 step2 step3 | median)"
awk '/^=== /{v=$2} /^(2d5|3d7)[^ ]* +0 / {line=$0; if (gsub(/\|/, "|", line) == 2 && !/sym/) print v, $0}' "$F/profile.log" | sort -k2,2 -k4,4 -k1,1 | grep "P^T\*A " | tee "$F/profile_summary.txt"
