#!/usr/bin/env bash
# Run 150: step 1's count and fill passes by groups of 8 or 16 lanes per row where A's tile rows are short, and one occupancy pass when B is A; against 85ce781 built beside it. Built from scratch: ctest -L gpu, memcheck on all 7 GPU test programs; spgemm_bench level 0 of the four problems, new / old / new / old; ncu of step 1's kernels on the four problems (level 0, all products).
# Code: b7058f4 (the working tree held that commit's code); old: 85ce781.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run150.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu build-old /tmp/gc
(cmake -S gpu_in/old150 -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests memcheck > "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
wait; cat /tmp/old_rc
for round in 1 2; do for v in new old; do
  b=build-gpu; [ $v = old ] && b=build-old
  timeout 200 $b/apps/spgemm_bench --levels 1 > "$F/bench_${v}_$round.log" 2>&1
done; done
for v in new old; do
  b=build-gpu; [ $v = old ] && b=build-old
  timeout 150 ncu --csv --metrics gpu__time_duration.sum --cache-control none --clock-control none --kernel-name-base mangled \
    -k regex:"count_kernel|fill_kernel|occupancy_kernel" $b/apps/spgemm_bench --levels 1 --reps 1 > "$F/ncu_$v.csv" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"; grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head -3
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
summ() { grep -E "_kernel" "$1" | awk -F'","' '{split($5,a,"("); n=$NF; gsub(/[",]/,"",n); s[a[1]]+=n; c[a[1]]++} END {for (k in s) printf "%s %.1f us (%d)\n", k, s[k]/1000, c[k]}' | sort; }
for v in new old; do echo "== ncu $v (four problems, level 0, all launches; the mirror's count and fill kernels included)"; summ "$F/ncu_$v.csv"; done
echo "== level 0 tile ms: new1 old1 new2 old2 | cusparse (old2)"
paste <(grep -E "^  .* level 0 " "$F/bench_new_1.log" | awk '{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; printf "%-9s %-14s %s", $1, op, $(NF-4)}') \
      <(grep -E "^  .* level 0 " "$F/bench_old_1.log" | awk '{print $(NF-4)}') \
      <(grep -E "^  .* level 0 " "$F/bench_new_2.log" | awk '{print $(NF-4)}') \
      <(grep -E "^  .* level 0 " "$F/bench_old_2.log" | awk '{print $(NF-4), $(NF-1)}')
