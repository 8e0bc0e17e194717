#!/usr/bin/env bash
# Run 267: branch next/layout-in-numeric at its end (run 266's code, plus step 1's park and counters
# allocated before the first launch and one allocation for step 2's nnz, prefixes and values) against
# main (old, gpu_in/old, 069546c): build, ctest -L gpu, memcheck of test_gpu_spgemm; the whole model
# three times, alternating (old first in the second round); the SA hierarchy once each; amg_solve on
# the four configs (--repeat 10) with both.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench amg_solve amg_spgemm amg_formats > /tmp/build_old.log 2>&1; echo "old build rc=$?") &
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8
grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
for r in 1 2 3; do for v in $([ $r = 2 ] && echo old gpu || echo gpu old); do
  timeout 100 build-$v/apps/spgemm_bench $([ $v$r = gpu1 ] && echo --json "$F/spgemm.json") > "/tmp/m_${v}_$r.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for v in gpu old; do echo "=== $v"; timeout 100 build-$v/apps/spgemm_bench --hierarchy; done > "$F/hierarchy.log" 2>&1
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do for v in gpu old; do echo "=== $v $c"; timeout 60 build-$v/apps/amg_solve --config configs/$c.cfg --repeat 10; done; done > "$F/solve.log" 2>&1
echo "runs done $((SECONDS - t0)) s"
echo "== coarse products within 0.15 ms"
for r in 1 2 3; do for v in gpu old; do
  awk -v tag="$v $r" '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s %s", $1, $3, $4, t)} END {print tag ": " ok " of " n miss}' "/tmp/m_${v}_$r.log"
done; done
echo "== level-0 products, tile ms: new1 old1 new2 old2 new3 old3"
for f in /tmp/m_gpu_1.log /tmp/m_old_1.log /tmp/m_gpu_2.log /tmp/m_old_2.log /tmp/m_gpu_3.log /tmp/m_old_3.log; do
  grep -E "^  (2d5|3d7)-[0-9]+ level 0 " "$f" | grep -v sym | awk '{print $1, $4, $(NF-4)}' > "$f.l0"
done
paste -d' ' /tmp/m_gpu_1.log.l0 <(awk '{print $NF}' /tmp/m_old_1.log.l0) <(awk '{print $NF}' /tmp/m_gpu_2.log.l0) <(awk '{print $NF}' /tmp/m_old_2.log.l0) <(awk '{print $NF}' /tmp/m_gpu_3.log.l0) <(awk '{print $NF}' /tmp/m_old_3.log.l0)
echo "== level-0 speedups: new1 old1 new2 old2 new3 old3"
for f in /tmp/m_gpu_1.log /tmp/m_old_1.log /tmp/m_gpu_2.log /tmp/m_old_2.log /tmp/m_gpu_3.log /tmp/m_old_3.log; do
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 (order|A\^2 )" "$f" | awk -F'|' '{split($1,a," "); printf "%s %s %s%s %s\n", a[1], a[3], a[4], (a[5] ~ /^[0-9]/ ? "" : " " a[5]), $4}' > "$f.sp"
done
paste -d' ' /tmp/m_gpu_1.log.sp <(awk '{print $NF}' /tmp/m_old_1.log.sp) <(awk '{print $NF}' /tmp/m_gpu_2.log.sp) <(awk '{print $NF}' /tmp/m_old_2.log.sp) <(awk '{print $NF}' /tmp/m_gpu_3.log.sp) <(awk '{print $NF}' /tmp/m_old_3.log.sp)
echo "== SA level 0 order pt_ap sym (setup's product), new then old"
grep -hE "^SA-[^ ]+ +0 order pt_ap sym" "$F/hierarchy.log" | cut -c1-125
grep -E "^=== |iterations|setup  +median|peak device|true rel" "$F/solve.log" | head -60
