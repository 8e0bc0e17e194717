#!/usr/bin/env bash
# Run 162: batch metadata through shared memory instead of half-warp shuffles (row kernels of steps 2 and 3, the pair kernels' pairs) (new) against b8cd6ff (old): test_gpu_spgemm (new); spgemm_bench all levels, new/old x2; ncu of the row, pair and one-pass kernels (all levels).
# Code: b8cd6ff plus the pair-kernel change of run 163 and row_kernels_shared_not_kept.diff (new); old: b8cd6ff, as gpu_in/old162 (git archive).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run162.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu build-old
(cmake -S gpu_in/old162 -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 8 --target spgemm_bench test_gpu_spgemm > "$F/build.log" 2>&1 || { tail -20 "$F/build.log"; exit 1; }
wait; cat /tmp/old_rc
timeout 150 build-gpu/tests/test_gpu_spgemm > "$F/test.log" 2>&1; echo "test_gpu_spgemm (new) rc=$?"; tail -2 "$F/test.log"
for round in 1 2; do for v in gpu old; do
  timeout 200 build-$v/apps/spgemm_bench > "/tmp/bench_${v}_$round.log" 2>&1
done; done
for f in /tmp/bench_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for v in gpu old; do
  timeout 200 ncu --csv --metrics gpu__time_duration.sum --cache-control none --clock-control none \
    -k regex:"rows_kernel|numeric_kernel|one_pass_kernel" build-$v/apps/spgemm_bench --reps 1 > "/tmp/ncu_$v.csv" 2>&1
  cp "/tmp/ncu_$v.csv" "$F/"
done
summ() { grep -E "_kernel" "$1" | awk -F'","' '{split($5,a,"("); n=$NF; gsub(/[",]/,"",n); s[a[1]]+=n; c[a[1]]++} END {for (k in s) printf "%s %.1f us (%d)\n", k, s[k]/1000, c[k]}' | sort; }
for v in gpu old; do echo "== ncu $v (four problems, all levels, all products)"; summ "/tmp/ncu_$v.csv"; done
echo "== tile ms: new1 old1 new2 old2 | cusparse (old2)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-24s %s %s %s %s | %s\n", k, t[k,"/tmp/bench_gpu_1.log"], t[k,"/tmp/bench_old_1.log"], t[k,"/tmp/bench_gpu_2.log"], t[k,"/tmp/bench_old_2.log"], c[k]}}' "$F/bench.log"
