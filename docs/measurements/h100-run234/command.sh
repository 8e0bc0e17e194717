#!/usr/bin/env bash
# Run 234: the tensor-core one pass, second form (each row's first 4 values loaded before any store, the
# next pair's row loaded during this pair's), against the lanes' one pass, same binary: build, ctest -L gpu,
# memcheck of test_gpu_spgemm; levels 0-1 of the model, 3 rounds alternating; --profile of 2D 5-point and
# 3D 7-point level 0 for lanes, mma and a build whose mma kernel skips the pairs (MMA_STRIP_PAIRS: the
# search alone, wrong values).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
(cmake -S . -B build-strip -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_FLAGS=-DMMA_STRIP_PAIRS=1 > /dev/null && cmake --build build-strip -j 6 --target spgemm_bench > /tmp/build_strip.log 2>&1; echo "strip build rc=$?") &
OUT=/tmp/gc STEP_TIMEOUT=200 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait
echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/sanitizer.log "$F/" 2>/dev/null
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*|FAIL" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
B=build-gpu/apps/spgemm_bench
for round in 1 2 3; do for v in lanes mma; do
  timeout 80 $B --levels 2 --accumulate $v > "/tmp/m_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for v in lanes mma strip; do
  bin=$B; acc=$v; [ $v = strip ] && bin=build-strip/apps/spgemm_bench && acc=mma
  for p in 2d5 3d7; do echo "=== $v $p"; timeout 40 $bin --problem $p --levels 1 --profile --accumulate $acc; done
done > "$F/profile.log" 2>&1
echo "runs done $((SECONDS - t0)) s"
echo "== tile ms, rounds 1-3: lanes mma each | cusparse (round 1)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {split("lanes mma",vs," "); for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-26s", k); for(r=1;r<=3;r++){for(j=1;j<=2;j++) s=s" "t[k,"/tmp/m_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$F/bench.log" | grep -E "P\)|A\)" | grep -v sym | tee "$F/summary.txt"
echo "== profile: level 0 second products (variant | columns step1 step2 step3 | median)"
awk '/^=== /{v=$2} /^(2d5|3d7)[^ ]* +0 / {line=$0; if (gsub(/\|/, "|", line) == 2) print v, $0}' "$F/profile.log" | grep -E "\(AP\)|A\)\*P" | grep -v sym | tee "$F/profile_summary.txt"
