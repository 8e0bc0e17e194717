#!/usr/bin/env bash
# Run 148: 408 row slots at 8 blocks (was 464 at 7) and one occupancy pass when B is A, against 0cf4ae3 built beside it: ctest -L gpu, memcheck on test_gpu_spgemm; spgemm_bench level 0 of the four problems, new / old / new / old; ncu of the row kernels on 3D 7-point and 2D 9-point A^2; P^T*A and A*P at level 0 with --passes one.
# Code: 0cf4ae3 plus the working tree: SPGEMM_ROW_SLOTS 408 at 8 blocks (row_slots_408.diff, not kept) and a first one-pass occupancy kernel that took a NULL B mask to mean "B is A" (memcheck found its write past an empty B's array; fixed in b7058f4); old: 0cf4ae3.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run148.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu build-old /tmp/gc
(cmake -S gpu_in/old148 -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE="build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh build tests memcheck > "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
wait; cat /tmp/old_rc
for round in 1 2; do for v in new old; do
  b=build-gpu; [ $v = old ] && b=build-old
  timeout 200 $b/apps/spgemm_bench --levels 1 > "$F/bench_${v}_$round.log" 2>&1
done; done
for v in new old; do
  b=build-gpu; [ $v = old ] && b=build-old
  timeout 100 ncu --csv --metrics gpu__time_duration.sum --cache-control none --clock-control none \
    -k regex:"rows_kernel|occupancy_kernel" $b/apps/spgemm_bench --problem 3d7 --problem 2d9 --levels 1 --reps 1 > "$F/ncu_$v.csv" 2>&1
done
timeout 120 build-gpu/apps/spgemm_bench --levels 1 --passes one > "$F/bench_one_pass.log" 2>&1
grep -E ": (ok|FAILED)" "$F/run.txt"; grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head -3
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
summ() { grep -E "_kernel" "$1" | awk -F'","' '{split($5,a,"("); n=$NF; gsub(/[",]/,"",n); s[a[1]]+=n; c[a[1]]++} END {for (k in s) printf "%s %.1f us (%d)\n", k, s[k]/1000, c[k]}' | sort; }
for v in new old; do echo "== ncu $v (3d7 + 2d9, all launches)"; summ "$F/ncu_$v.csv"; done
echo "== level 0 tile ms: new1 old1 new2 old2 | cusparse new1"
paste <(grep -E "^  .* level 0 " "$F/bench_new_1.log" | awk '{print $1, $4, $5, $6, $(NF-4)}') \
      <(grep -E "^  .* level 0 " "$F/bench_old_1.log" | awk '{print $(NF-4)}') \
      <(grep -E "^  .* level 0 " "$F/bench_new_2.log" | awk '{print $(NF-4)}') \
      <(grep -E "^  .* level 0 " "$F/bench_old_2.log" | awk '{print $(NF-4), $(NF-1)}')
echo "== --passes one (level 0): tile / cusparse"
grep -E "^  .* level 0 " "$F/bench_one_pass.log" | grep -E "A\*P|P\^T\*A"
