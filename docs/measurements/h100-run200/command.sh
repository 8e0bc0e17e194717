#!/usr/bin/env bash
# Run 200: row-kernel windows by the AUTO rule (spgemm_row_windows), against HEAD (gpu_in/old):
# build, ctest -L gpu, memcheck test_gpu_spgemm; spgemm_bench level 0 and --hierarchy, new/old x2;
# new with --row-windows on and off once; the whole model (all levels) with JSON.
# Code: c73fbb1 (the same code, uncommitted then); old: fc27217, as gpu_in/old (git archive).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run200.sh, run from the repository root)
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-old /tmp/gc
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; cat /tmp/old_rc
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
for round in 1 2; do for v in gpu old; do
  timeout 100 build-$v/apps/spgemm_bench --levels 1 > "/tmp/m_${v}_$round.log" 2>&1
  timeout 100 build-$v/apps/spgemm_bench --hierarchy > "/tmp/h_${v}_$round.log" 2>&1
done; done
for w in on off; do
  timeout 100 build-gpu/apps/spgemm_bench --levels 1 --row-windows $w > "/tmp/m_$w.log" 2>&1
  timeout 100 build-gpu/apps/spgemm_bench --hierarchy --row-windows $w > "/tmp/h_$w.log" 2>&1
done
for f in /tmp/m_*.log /tmp/h_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
timeout 150 build-gpu/apps/spgemm_bench --json "$F/spgemm.json" > "$F/model.log" 2>&1
tail -7 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
echo "== tile ms: new1 old1 new2 old2 on off | cusparse"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; p=(k ~ /^SA/)?"h":"m"; printf "%-28s %s %s %s %s %s %s | %s\n", k, t[k,"/tmp/"p"_gpu_1.log"], t[k,"/tmp/"p"_old_1.log"], t[k,"/tmp/"p"_gpu_2.log"], t[k,"/tmp/"p"_old_2.log"], t[k,"/tmp/"p"_on.log"], t[k,"/tmp/"p"_off.log"], c[k]}}' "$F/bench.log" | grep -E " L[01] " | grep -E "A\^2|A\*P"
echo "== model, level 0 Galerkin orders and A^2 (whole run)"
grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 (order|A\^2)" "$F/model.log" | cut -c1-150
echo "== coarse levels (general products, rows < 100k): within 0.15 ms"
awk '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else print "miss:", $0} END {print ok " of " n}' "$F/model.log"
