#!/usr/bin/env bash
# Run 192: aggregates renumbered by clusters of tile rows (amg.aggregate_numbering = tiles), against 831e2da (old, MIS-2's numbering): clean build, ctest -L gpu, memcheck of test_gpu_aggregate and test_gpu_setup, racecheck of test_gpu_aggregate; spgemm_bench --hierarchy new/old x2; amg_solve --compare-orders cusparse --repeat 10 and plain amg_solve --repeat 10 on the four problems (new, new with roots, old).
# Code: 406314e (no longer in the history: the numbering of aggregate_numbering_not_kept.diff, its guard then counting A T's tiles exactly, a thread per tile row); old: 831e2da, as gpu_in/old192 (git archive).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run192.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-old build-gpu /tmp/gc
(cmake -S gpu_in/old192 -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench amg_solve > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE="build-gpu/tests/test_gpu_aggregate build-gpu/tests/test_gpu_setup" scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE="build-gpu/tests/test_gpu_aggregate" scripts/gpu_check.sh racecheck >> "$F/checks_run.txt" 2>&1
wait; cat /tmp/old_rc
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
for round in 1 2; do for v in gpu old; do
  timeout 100 build-$v/apps/spgemm_bench --hierarchy > "/tmp/h_${v}_$round.log" 2>&1
done; done
for f in /tmp/h_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  for v in gpu roots old; do
    b=build-$v; extra=(); [ $v = roots ] && { b=build-gpu; extra=(--set amg.aggregate_numbering=\"roots\"); }
    echo "=== $v $c" >> "$F/compare.log"
    timeout 60 $b/apps/amg_solve --config configs/$c.cfg --set output.verbose=false "${extra[@]}" \
      --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
    echo "=== $v $c" >> "$F/solve.log"
    timeout 60 $b/apps/amg_solve --config configs/$c.cfg --set output.verbose=true "${extra[@]}" --repeat 10 >> "$F/solve.log" 2>&1
  done
done
tail -8 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY|RACECHECK SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
echo "== SA hierarchy, tile ms: new1 old1 new2 old2 | cusparse"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-28s %s %s %s %s | %s\n", k, t[k,"/tmp/h_gpu_1.log"], t[k,"/tmp/h_old_1.log"], t[k,"/tmp/h_gpu_2.log"], t[k,"/tmp/h_old_2.log"], c[k]}}' "$F/bench.log" | grep -E " L[01] "
grep -E "^=== |levels, setup" "$F/bench.log"
grep -E "^===|^  sum" "$F/compare.log"
grep -E "^===|^converged|median" "$F/solve.log"
