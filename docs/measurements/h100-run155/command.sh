#!/usr/bin/env bash
# Run 155: 76f2ae9 built from scratch: ctest -L gpu, memcheck on all 7 GPU test programs; C's tile columns staged in shared memory in the smaller row-kernel instance (v4 = gpu_in/v4, the tree plus row_cols_not_kept.diff; not kept) against it: test_gpu_spgemm, spgemm_bench level 0 new/v4 x2, ncu row-kernel times; then 76f2ae9's current figures: spgemm_bench --profile (all levels, JSON), amg_solve --compare-orders cusparse --repeat 10.
# Code: 76f2ae9; v4: 76f2ae9 plus row_cols_not_kept.diff.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run155.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu build-v4 /tmp/gc
(cmake -S gpu_in/v4 -B build-v4 -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-v4 -j 4 --target spgemm_bench test_gpu_spgemm > /tmp/build_v4.log 2>&1; echo "v4 build rc=$?" > /tmp/v4_rc) &
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests memcheck > /tmp/gc_run.txt 2>&1
wait; cat /tmp/v4_rc; cat /tmp/gc_run.txt
{ cat /tmp/gc/tests.log; cat /tmp/gc/sanitizer.log; } > "$F/checks.log"
timeout 120 build-v4/tests/test_gpu_spgemm > /tmp/t_v4.log 2>&1; echo "test_gpu_spgemm (v4) rc=$?"; tail -1 /tmp/t_v4.log
for round in 1 2; do for v in gpu v4; do
  timeout 200 build-$v/apps/spgemm_bench --levels 1 > "/tmp/bench_${v}_$round.log" 2>&1
done; done
for f in /tmp/bench_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench_ab.log"
for v in gpu v4; do
  timeout 150 ncu --csv --metrics gpu__time_duration.sum --cache-control none --clock-control none \
    -k regex:"rows_kernel" build-$v/apps/spgemm_bench --levels 1 --reps 1 > "/tmp/ncu_$v.csv" 2>&1
done
timeout 150 build-gpu/apps/spgemm_bench --profile --json "$F/spgemm.json" > "$F/spgemm.log" 2>&1
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt poisson3d_27pt; do
  echo "=== $c" >> "$F/compare.log"
  timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false \
    --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done
grep -hE "SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c; grep -E "tests passed" /tmp/gc/tests.log
summ() { grep -E "_kernel" "$1" | awk -F'","' '{split($5,a,"("); n=$NF; gsub(/[",]/,"",n); s[a[1]]+=n; c[a[1]]++} END {for (k in s) printf "%s %.1f us (%d)\n", k, s[k]/1000, c[k]}' | sort; }
for v in gpu v4; do echo "== ncu $v (four problems, level 0, all products)"; summ "/tmp/ncu_$v.csv"; done
echo "== level 0 tile ms: new1 v4_1 new2 v4_2 | cusparse (v4_2)"
awk '/^=== /{f=$2} /^  .* level 0 /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-24s %s %s %s %s | %s\n", k, t[k,"/tmp/bench_gpu_1.log"], t[k,"/tmp/bench_v4_1.log"], t[k,"/tmp/bench_gpu_2.log"], t[k,"/tmp/bench_v4_2.log"], c[k]}}' "$F/bench_ab.log"
echo "== current figures (76f2ae9)"
echo "$(grep -E "level [1-9]" "$F/spgemm.log" | grep -v -E "order|A\^2|sym" | grep -v -E "(2d5|2d9)-1024 level 1 " | awk '{for(i=1;i<=NF;i++) if($i=="tile") t=$(i+1); n++; if (t<=0.15) k++} END {print k" of "n" within 0.15 ms (levels < 100k rows)"}')"
grep -E "level [1-9]" "$F/spgemm.log" | grep -v -E "order|A\^2|sym" | grep -v -E "(2d5|2d9)-1024 level 1 " | awk '{for(i=1;i<=NF;i++) if($i=="tile") t=$(i+1); if (t>0.15) print}'
sed -n '1,/per-step/p' "$F/spgemm.log" | grep -E "^[23]d.* 0 (A\^2|order pt_ap|order pta_p) " | cut -c1-100
grep -E "^===|sum \|" "$F/compare.log" | awk '/===/{printf "%s ", $2; next}{gsub(/\|/," "); printf "%s / %s (%.3fx)\n", $2,$6,$6/$2}'
