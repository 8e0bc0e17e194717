#!/usr/bin/env bash
# Run 163: the pair kernels (numeric, one-pass, symbolic) read each chunk's pairs from shared memory instead of half-warp shuffles (new) against b8cd6ff (old): ctest -L gpu and memcheck on all GPU test programs (new); spgemm_bench all levels, new/old x2; ncu of the pair and one-pass kernels (all levels).
# Code: b8cd6ff plus the pair-kernel change (numeric, one-pass) and symbolic_shared_not_kept.diff (new; the pairs were written inside spgemm_chunk_pairs, an equivalent form); old: b8cd6ff, as gpu_in/old163 (git archive).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run163.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu build-old /tmp/gc
(cmake -S gpu_in/old163 -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 4 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; cat /tmp/old_rc
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
for round in 1 2; do for v in gpu old; do
  timeout 200 build-$v/apps/spgemm_bench > "/tmp/bench_${v}_$round.log" 2>&1
done; done
for f in /tmp/bench_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for v in gpu old; do
  timeout 200 ncu --csv --metrics gpu__time_duration.sum --cache-control none --clock-control none \
    -k regex:"numeric_kernel|one_pass_kernel|symbolic_kernel|symbolic_left_kernel" build-$v/apps/spgemm_bench --reps 1 > "/tmp/ncu_$v.csv" 2>&1
  cp "/tmp/ncu_$v.csv" "$F/"
done
cat "$F/checks_run.txt" | tail -12
grep -E "tests passed|Failed" /tmp/gc/tests.log | head -3; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
summ() { grep -E "_kernel" "$1" | awk -F'","' '{split($5,a,"("); n=$NF; gsub(/[",]/,"",n); s[a[1]]+=n; c[a[1]]++} END {for (k in s) printf "%s %.1f us (%d)\n", k, s[k]/1000, c[k]}' | sort; }
summ /tmp/ncu_gpu.csv > /tmp/s_gpu; summ /tmp/ncu_old.csv > /tmp/s_old
echo "== ncu kernel sums, all levels of the four problems: new | old"; join -t'|' <(sed 's/ \([0-9.]* us ([0-9]*)\)$/|\1/' /tmp/s_gpu) <(sed 's/ \([0-9.]* us ([0-9]*)\)$/|\1/' /tmp/s_old)
echo "== tile ms: new1 old1 new2 old2 | cusparse (old2)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-24s %s %s %s %s | %s\n", k, t[k,"/tmp/bench_gpu_1.log"], t[k,"/tmp/bench_old_1.log"], t[k,"/tmp/bench_gpu_2.log"], t[k,"/tmp/bench_old_2.log"], c[k]}}' "$F/bench.log" | grep -E " L[01] "
