#!/usr/bin/env bash
# Run 187: step 1 by a block per row for few, long rows, against 4e8d90c (old): ctest -L gpu, memcheck test_gpu_spgemm; spgemm_bench --hierarchy and the model, new/old x2; amg_solve --compare-orders cusparse --repeat 10 on 3D 7-point and 3D 27-point (new and old).
# Code: 1824a60 (the same code, uncommitted then); old: 4e8d90c, as gpu_in/old187 (git archive).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run187.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-old /tmp/gc
(cmake -S gpu_in/old187 -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench amg_solve > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; cat /tmp/old_rc
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
for round in 1 2; do for v in gpu old; do
  timeout 100 build-$v/apps/spgemm_bench --hierarchy > "/tmp/h_${v}_$round.log" 2>&1
  timeout 100 build-$v/apps/spgemm_bench > "/tmp/m_${v}_$round.log" 2>&1
done; done
for f in /tmp/h_*_?.log /tmp/m_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for v in gpu old; do for c in poisson3d_7pt poisson3d_27pt; do
  echo "=== $v $c" >> "$F/compare.log"
  timeout 60 build-$v/apps/amg_solve --config configs/$c.cfg --set output.verbose=false \
    --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done; done
tail -6 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
echo "== SA hierarchy, tile ms: new1 old1 new2 old2 | cusparse"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-28s %s %s %s %s | %s\n", k, t[k,"/tmp/h_gpu_1.log"], t[k,"/tmp/h_old_1.log"], t[k,"/tmp/h_gpu_2.log"], t[k,"/tmp/h_old_2.log"], c[k]}}' "$F/bench.log" | grep -E "^SA" | grep -v " L0 "
echo "== model, coarse levels, tile ms: new1 old1 new2 old2 | cusparse"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-28s %s %s %s %s | %s\n", k, t[k,"/tmp/m_gpu_1.log"], t[k,"/tmp/m_old_1.log"], t[k,"/tmp/m_gpu_2.log"], t[k,"/tmp/m_old_2.log"], c[k]}}' "$F/bench.log" | grep -vE "^SA| L0 " | grep -E "3d.* L1|P\^T\*A"
for f in /tmp/m_gpu_1.log /tmp/m_old_1.log /tmp/m_gpu_2.log /tmp/m_old_2.log; do awk -v f=$f '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++} END {print f, ok " of " n " within 0.15 ms"}' $f; done
grep -E "^===|^  sum|^    [01] \|" "$F/compare.log"
