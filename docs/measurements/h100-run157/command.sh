#!/usr/bin/env bash
# Run 157: the unrolled per-batch loops of the row kernels stop at the batch's last B tile (new: symbolic and numeric row kernels; vs: the symbolic one only; batch_break_not_kept.diff, not kept) against fb0e365 (old): test_gpu_spgemm (new, vs); spgemm_bench level 0, new/vs/old x2; ncu of the row kernels.
# Code: fb0e365 plus batch_break_not_kept.diff (new; vs: its tile_symbolic_rows.cu part only); old: fb0e365.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run157.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu build-old build-vs
(cmake -S gpu_in/old157 -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 5 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
(cmake -S gpu_in/vs -B build-vs -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-vs -j 5 --target spgemm_bench test_gpu_spgemm > /tmp/build_vs.log 2>&1; echo "vs build rc=$?" > /tmp/vs_rc) &
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 6 --target spgemm_bench test_gpu_spgemm > "$F/build.log" 2>&1 || { tail -20 "$F/build.log"; exit 1; }
wait; cat /tmp/old_rc /tmp/vs_rc
for v in gpu vs; do timeout 120 build-$v/tests/test_gpu_spgemm > /tmp/t_$v.log 2>&1; echo "test_gpu_spgemm ($v) rc=$?"; tail -1 /tmp/t_$v.log; done
for round in 1 2; do for v in gpu vs old; do
  timeout 200 build-$v/apps/spgemm_bench --levels 1 > "/tmp/bench_${v}_$round.log" 2>&1
done; done
for f in /tmp/bench_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for v in gpu vs old; do
  timeout 150 ncu --csv --metrics gpu__time_duration.sum --cache-control none --clock-control none \
    -k regex:"rows_kernel" build-$v/apps/spgemm_bench --levels 1 --reps 1 > "/tmp/ncu_$v.csv" 2>&1
done
summ() { grep -E "_kernel" "$1" | awk -F'","' '{split($5,a,"("); n=$NF; gsub(/[",]/,"",n); s[a[1]]+=n; c[a[1]]++} END {for (k in s) printf "%s %.1f us (%d)\n", k, s[k]/1000, c[k]}' | sort; }
for v in gpu vs old; do echo "== ncu $v (four problems, level 0, all products)"; summ "/tmp/ncu_$v.csv"; done
echo "== level 0 tile ms: new1 vs_1 old1 new2 vs_2 old2 | cusparse (old2)"
awk '/^=== /{f=$2} /^  .* level 0 /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-24s %s %s %s %s %s %s | %s\n", k, t[k,"/tmp/bench_gpu_1.log"], t[k,"/tmp/bench_vs_1.log"], t[k,"/tmp/bench_old_1.log"], t[k,"/tmp/bench_gpu_2.log"], t[k,"/tmp/bench_vs_2.log"], t[k,"/tmp/bench_old_2.log"], c[k]}}' "$F/bench.log"
