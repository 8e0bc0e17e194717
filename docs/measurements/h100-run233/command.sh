#!/usr/bin/env bash
# Run 233: the one pass on the FP64 tensor cores (spgemm/tile_one_pass_mma.cu, --accumulate mma) against
# the lanes' one pass (--accumulate lanes, AUTO's choice), same binary: build, ctest -L gpu, memcheck of
# test_gpu_spgemm; levels 0-1 of the model, 3 rounds alternating; one --profile round of 2D 5-point and
# 3D 7-point level 0 per variant; one round with every product as one pass (--passes one) per variant.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
OUT=/tmp/gc STEP_TIMEOUT=200 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log /tmp/gc/build.log "$F/" 2>/dev/null
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*|FAIL" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
B=build-gpu/apps/spgemm_bench
for round in 1 2 3; do for v in lanes mma; do
  timeout 80 $B --levels 2 --accumulate $v > "/tmp/m_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for v in lanes mma; do
  for p in 2d5 3d7; do echo "=== $v $p"; timeout 40 $B --problem $p --levels 1 --profile --accumulate $v; done
done > "$F/profile.log" 2>&1
for v in lanes mma; do echo "=== one $v"; timeout 60 $B --levels 1 --passes one --accumulate $v; done > "$F/one_pass_all.log" 2>&1
echo "runs done $((SECONDS - t0)) s"
echo "== tile ms, rounds 1-3: lanes mma each | cusparse (round 1)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {split("lanes mma",vs," "); for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-26s", k); for(r=1;r<=3;r++){for(j=1;j<=2;j++) s=s" "t[k,"/tmp/m_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$F/bench.log" | grep -E "P\)|\*P|A\)" | tee "$F/summary.txt"
echo "== orders (level 0): lanes / mma, round 1"
grep -hE "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 order" /tmp/m_lanes_1.log /tmp/m_mma_1.log | cut -c1-125
echo "== profile: level 0 second products (variant | columns step1 step2 step3 | median)"
awk '/^=== /{v=$2} /^(2d5|3d7)[^ ]* +0 / {line=$0; if (gsub(/\|/, "|", line) == 2) print v, $0}' "$F/profile.log" | grep -E "\(AP\)|A\)\*P" | tee "$F/profile_summary.txt"
echo "== all one pass, level 0: lanes then mma"
grep -E "^  .* level 0 " "$F/one_pass_all.log" | grep -v sym
