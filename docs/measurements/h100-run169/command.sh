#!/usr/bin/env bash
# Run 169: symmetric products without the mirror (full candidates, twins; steps 2-3 on upper tiles, lower ones written from them) against 9dbd2f1: ctest -L gpu, memcheck test_gpu_spgemm (new); spgemm_bench all levels new/old x2; amg_solve --compare-orders cusparse --repeat 10 (new and old).
# Code: 02012cf without the SYM template instances (the symmetric code paths as runtime branches); old: 9dbd2f1, as gpu_in/old169 (git archive).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run169.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu build-old /tmp/gc
(cmake -S gpu_in/old169 -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 4 --target spgemm_bench amg_solve > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; cat /tmp/old_rc
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
tail -30 /tmp/build_old.log > "$F/build_old_tail.log"
for round in 1 2; do for v in gpu old; do
  timeout 150 build-$v/apps/spgemm_bench > "/tmp/bench_${v}_$round.log" 2>&1
done; done
for f in /tmp/bench_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for v in gpu old; do for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  echo "=== $v $c" >> "$F/compare.log"
  timeout 60 build-$v/apps/amg_solve --config configs/$c.cfg --set output.verbose=false \
    --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done; done
cat "$F/checks_run.txt" | tail -8
grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
echo "== tile ms: new1 old1 new2 old2 | cusparse (old2)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-24s %s %s %s %s | %s\n", k, t[k,"/tmp/bench_gpu_1.log"], t[k,"/tmp/bench_old_1.log"], t[k,"/tmp/bench_gpu_2.log"], t[k,"/tmp/bench_old_2.log"], c[k]}}' "$F/bench.log" | grep -E " L[01] "
grep -E "^===|^  sum" "$F/compare.log"
