#!/usr/bin/env bash
# Run 154: spgemm_add_pair's inner loop: the slot from (bits - 1) & ~bits and a pointer to B's values (new = working tree, committed next), and the same with two of B's values loaded ahead (v3, not kept: gpu_in/v3 was the tree plus v3_two_loads.diff), against 37276da (old): test_gpu_spgemm (new, v3); spgemm_bench level 0, new/v3/old x2; ncu of the numeric kernels; SASS-level stall samples of rows_kernel on 3D 7-point A*P (new; sass_rows256_3d7ap.txt is the compact listing of sass_ap.csv, which is not kept).
# Code: 37276da plus the inner-loop change; old: 37276da.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run154.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu build-old build-v3
(cmake -S gpu_in/old154 -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 5 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
(cmake -S gpu_in/v3 -B build-v3 -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-v3 -j 5 --target spgemm_bench test_gpu_spgemm > /tmp/build_v3.log 2>&1; echo "v3 build rc=$?" > /tmp/v3_rc) &
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_FLAGS=-lineinfo > /dev/null && cmake --build build-gpu -j 6 --target spgemm_bench test_gpu_spgemm > "$F/build.log" 2>&1 || { tail -20 "$F/build.log"; exit 1; }
wait; cat /tmp/old_rc /tmp/v3_rc
for v in gpu v3; do timeout 120 build-$v/tests/test_gpu_spgemm > /tmp/t_$v.log 2>&1; echo "test_gpu_spgemm ($v) rc=$?"; tail -1 /tmp/t_$v.log; done
for round in 1 2; do for v in gpu v3 old; do
  timeout 200 build-$v/apps/spgemm_bench --levels 1 > "/tmp/bench_${v}_$round.log" 2>&1
done; done
for f in /tmp/bench_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for v in gpu v3 old; do
  timeout 150 ncu --csv --metrics gpu__time_duration.sum --cache-control none --clock-control none \
    -k regex:"rows_kernel|numeric_kernel|one_pass_kernel" build-$v/apps/spgemm_bench --levels 1 --reps 1 > "/tmp/ncu_$v.csv" 2>&1
done
timeout 200 ncu --profile-from-start off --section WarpStateStats --section SourceCounters -k regex:"rows_kernel" -f -o /tmp/st_ap \
  build-gpu/apps/spgemm_bench --problem 3d7 --levels 1 --reps 3 --ncu-op "A*P" > /tmp/st_ap.log 2>&1
ncu -i /tmp/st_ap.ncu-rep --page source --csv --print-source sass > "$F/sass_ap.csv" 2>&1
summ() { grep -E "_kernel" "$1" | awk -F'","' '{split($5,a,"("); n=$NF; gsub(/[",]/,"",n); s[a[1]]+=n; c[a[1]]++} END {for (k in s) printf "%s %.1f us (%d)\n", k, s[k]/1000, c[k]}' | sort; }
for v in gpu v3 old; do echo "== ncu $v (four problems, level 0, all products)"; summ "/tmp/ncu_$v.csv"; done
echo "== level 0 tile ms: new1 v3_1 old1 new2 v3_2 old2 | cusparse (old2)"
awk '/^=== /{f=$2} /^  .* level 0 /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-24s %s %s %s %s %s %s | %s\n", k, t[k,"/tmp/bench_gpu_1.log"], t[k,"/tmp/bench_v3_1.log"], t[k,"/tmp/bench_old_1.log"], t[k,"/tmp/bench_gpu_2.log"], t[k,"/tmp/bench_v3_2.log"], t[k,"/tmp/bench_old_2.log"], c[k]}}' "$F/bench.log"
wc -c "$F/sass_ap.csv"; head -c 1500 "$F/sass_ap.csv"
