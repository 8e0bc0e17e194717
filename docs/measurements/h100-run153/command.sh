#!/usr/bin/env bash
# Run 153: rows kernel: B's row bounds searched only where an end tile lies outside C's columns (working tree, committed next), against eb334dd built beside it: test_gpu_spgemm; spgemm_bench level 0 new/old/new/old; ncu row-kernel times; ncu WarpStateStats/Occupancy/MemoryWorkload/SourceCounters of the row kernels on 3D 7-point A^2 and A*P (the source-page CSVs came back without metrics and are not kept).
# Code: eb334dd plus the bounds change; old: eb334dd.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run153.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu build-old
(cmake -S gpu_in/old153 -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_FLAGS=-lineinfo > /dev/null && cmake --build build-gpu -j 10 --target spgemm_bench test_gpu_spgemm > "$F/build.log" 2>&1 || { tail -20 "$F/build.log"; exit 1; }
timeout 120 build-gpu/tests/test_gpu_spgemm > /tmp/t.log 2>&1; echo "test_gpu_spgemm rc=$?"; tail -3 /tmp/t.log
wait; cat /tmp/old_rc
for round in 1 2; do for v in new old; do
  b=build-gpu; [ $v = old ] && b=build-old
  timeout 200 $b/apps/spgemm_bench --levels 1 > "/tmp/bench_${v}_$round.log" 2>&1
done; done
for f in /tmp/bench_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for v in new old; do
  b=build-gpu; [ $v = old ] && b=build-old
  timeout 150 ncu --csv --metrics gpu__time_duration.sum --cache-control none --clock-control none \
    -k regex:"rows_kernel" $b/apps/spgemm_bench --levels 1 --reps 1 > "/tmp/ncu_$v.csv" 2>&1
done
for p in "3d7 A^2 a2" "3d7 A*P ap"; do set -- $p
  timeout 200 ncu --profile-from-start off --section WarpStateStats --section SourceCounters --section Occupancy \
    --section MemoryWorkloadAnalysis -k regex:"rows_kernel" --import-source yes -f -o /tmp/st_$3 \
    build-gpu/apps/spgemm_bench --problem $1 --levels 1 --reps 3 --ncu-op "$2" > /tmp/st_$3.log 2>&1
  ncu -i /tmp/st_$3.ncu-rep --page details > "$F/stall_$3.txt" 2>&1
  ncu -i /tmp/st_$3.ncu-rep --page source --csv --print-source cuda > "/tmp/src_$3.csv" 2>&1
  head -c 15000000 /tmp/src_$3.csv > "$F/src_$3.csv"
done
summ() { grep -E "_kernel" "$1" | awk -F'","' '{split($5,a,"("); n=$NF; gsub(/[",]/,"",n); s[a[1]]+=n; c[a[1]]++} END {for (k in s) printf "%s %.1f us (%d)\n", k, s[k]/1000, c[k]}' | sort; }
for v in new old; do echo "== ncu $v (four problems, level 0, all products)"; summ "/tmp/ncu_$v.csv"; done
echo "== level 0 tile ms: new1 old1 new2 old2 | cusparse (old2)"
paste <(grep -E "^  .* level 0 " "/tmp/bench_new_1.log" | awk '{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; printf "%-9s %-14s %s", $1, op, $(NF-4)}') \
      <(grep -E "^  .* level 0 " "/tmp/bench_old_1.log" | awk '{print $(NF-4)}') \
      <(grep -E "^  .* level 0 " "/tmp/bench_new_2.log" | awk '{print $(NF-4)}') \
      <(grep -E "^  .* level 0 " "/tmp/bench_old_2.log" | awk '{print $(NF-4), $(NF-1)}')
for t in a2 ap; do echo "== stalls $t"; grep -iE "rows_kernel|Stall|Warp Cycles|Achieved Occ|L1/TEX Hit|L2 Hit|Issued Warp" "$F/stall_$t.txt" | cut -c1-150 | head -30; wc -c "$F/src_$t.csv"; head -c 600 "$F/src_$t.csv"; echo; done
