#!/usr/bin/env bash
# Run 269: step 3 by dot products (tile_numeric_dot.cu, first version) against the pair kernel, one
# binary: build, ctest -L gpu, memcheck of test_gpu_spgemm; the model three times alternating
# --dot on / --dot off (off first in the second round).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8
grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
for r in 1 2 3; do for v in $([ $r = 2 ] && echo off on || echo on off); do
  timeout 100 build-gpu/apps/spgemm_bench --dot $v $([ $v$r = on1 ] && echo --json "$F/spgemm.json") > "/tmp/m_${v}_$r.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "runs done $((SECONDS - t0)) s"
echo "== coarse products within 0.15 ms"
for r in 1 2 3; do for v in on off; do
  awk -v tag="$v $r" '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s %s", $1, $3, $4, t)} END {print tag ": " ok " of " n miss}' "/tmp/m_${v}_$r.log"
done; done
echo "== level-0 products, tile ms: on1 off1 on2 off2 on3 off3"
for r in 1 2 3; do for v in on off; do
  grep -E "^  (2d5|2d9|3d7|3d27)-[0-9]+ level 0 " "/tmp/m_${v}_$r.log" | grep -v sym | awk '{print $1, $4, $(NF-4)}' > "/tmp/l0_${v}_$r"
done; done
paste -d' ' /tmp/l0_on_1 <(awk '{print $NF}' /tmp/l0_off_1) <(awk '{print $NF}' /tmp/l0_on_2) <(awk '{print $NF}' /tmp/l0_off_2) <(awk '{print $NF}' /tmp/l0_on_3) <(awk '{print $NF}' /tmp/l0_off_3)
echo "== level-0 speedups: on1 off1 on2 off2 on3 off3"
for r in 1 2 3; do for v in on off; do
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 (order|A\^2 )" "/tmp/m_${v}_$r.log" | awk -F'|' '{split($1,a," "); printf "%s %s %s%s %s\n", a[1], a[3], a[4], (a[5] ~ /^[0-9]/ ? "" : " " a[5]), $4}' > "/tmp/sp_${v}_$r"
done; done
paste -d' ' /tmp/sp_on_1 <(awk '{print $NF}' /tmp/sp_off_1) <(awk '{print $NF}' /tmp/sp_on_2) <(awk '{print $NF}' /tmp/sp_off_2) <(awk '{print $NF}' /tmp/sp_on_3) <(awk '{print $NF}' /tmp/sp_off_3)
