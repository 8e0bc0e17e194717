#!/usr/bin/env bash
# Run 276: branch next/dot-rule (the dot rule also needs a C tile per warp slot): build, ctest -L gpu,
# memcheck of test_gpu_spgemm; the model three times,
# alternating default (AUTO) and --dot off (off first in the second round).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*|CHECK" /tmp/gc/tests.log | head -8
grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
for r in 1 2 3; do for v in $([ $r = 2 ] && echo off auto || echo auto off); do
  timeout 100 build-gpu/apps/spgemm_bench --dot $v $([ $v$r = auto1 ] && echo --json "$F/spgemm.json") > "/tmp/m_${v}_$r.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "runs done $((SECONDS - t0)) s"
echo "== coarse products within 0.15 ms"
for r in 1 2 3; do for v in auto off; do
  awk -v tag="$v $r" '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s %s", $1, $3, $4, t)} END {print tag ": " ok " of " n miss}' "/tmp/m_${v}_$r.log"
done; done
echo "== level 0-1 first products, tile ms: auto1 off1 auto2 off2 auto3 off3"
for r in 1 2 3; do for v in auto off; do
  grep -E "^  (2d5|2d9|3d7|3d27)-[0-9]+ level [01] +(A\*P|P\^T\*A) " "/tmp/m_${v}_$r.log" | awk '{print $1, $3, $4, $(NF-4)}' > "/tmp/l0_${v}_$r"
done; done
paste -d' ' /tmp/l0_auto_1 <(awk '{print $NF}' /tmp/l0_off_1) <(awk '{print $NF}' /tmp/l0_auto_2) <(awk '{print $NF}' /tmp/l0_off_2) <(awk '{print $NF}' /tmp/l0_auto_3) <(awk '{print $NF}' /tmp/l0_off_3)
echo "== level-0 speedups: auto1 off1 auto2 off2 auto3 off3"
for r in 1 2 3; do for v in auto off; do
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 (order|A\^2 )" "/tmp/m_${v}_$r.log" | awk -F'|' '{split($1,a," "); printf "%s %s %s%s %s\n", a[1], a[3], a[4], (a[5] ~ /^[0-9]/ ? "" : " " a[5]), $4}' > "/tmp/sp_${v}_$r"
done; done
paste -d' ' /tmp/sp_auto_1 <(awk '{print $NF}' /tmp/sp_off_1) <(awk '{print $NF}' /tmp/sp_auto_2) <(awk '{print $NF}' /tmp/sp_off_2) <(awk '{print $NF}' /tmp/sp_auto_3) <(awk '{print $NF}' /tmp/sp_off_3) | grep -v "A^2"
