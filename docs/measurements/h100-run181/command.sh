#!/usr/bin/env bash
# Run 181: exact candidates also where B has at least 2^17 tiles and pair lists average at most 16 tiles, against 7d80f1f (old): ctest -L gpu, memcheck test_gpu_spgemm; spgemm_bench all levels new/old x2; amg_solve --compare-orders cusparse --repeat 10 (new and old).
# Code: 7d80f1f plus the change committed as 82d5f1d (the same code); old: 7d80f1f, as gpu_in/old181 (git archive).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run181.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-old /tmp/gc
(cmake -S gpu_in/old181 -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench amg_solve > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; cat /tmp/old_rc
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
for round in 1 2; do for v in gpu old; do
  timeout 100 build-$v/apps/spgemm_bench > "/tmp/bench_${v}_$round.log" 2>&1
done; done
for f in /tmp/bench_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for v in gpu old; do for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  echo "=== $v $c" >> "$F/compare.log"
  timeout 60 build-$v/apps/amg_solve --config configs/$c.cfg --set output.verbose=false \
    --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done; done
tail -6 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
echo "== tile ms: new1 old1 new2 old2 | cusparse (old2)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-26s %s %s %s %s | %s\n", k, t[k,"/tmp/bench_gpu_1.log"], t[k,"/tmp/bench_old_1.log"], t[k,"/tmp/bench_gpu_2.log"], t[k,"/tmp/bench_old_2.log"], c[k]}}' "$F/bench.log" | grep -E " L[01] "
grep -E "^(2d5|2d9|3d7|3d27)\S* +0 order" /tmp/bench_gpu_2.log /tmp/bench_old_2.log | cut -c1-150
grep -E "^===|^  sum" "$F/compare.log"
