#!/usr/bin/env bash
# Run 142: the numeric kernels' innermost loop (spgemm_add_pair) loading 2 (new) or 4 (v4) of B's values before adding them, against 726b74f (old), the three built side by side: ctest -L gpu on new; spgemm_bench --levels 2 twice each, rotating; ncu times of the numeric kernels on 3D 7-point and 2D 5-point.
# Code: new: 726b74f plus add_loads.diff (SPGEMM_ADD_LOADS 2; not kept); v4: the same with 4 (gpu_in/v4); old: 726b74f (gpu_in/old142).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run142.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu build-old build-v4 build-li /tmp/gc
for v in old v4; do
  (cmake -S gpu_in/$( [ $v = old ] && echo old142 || echo v4 ) -B build-$v -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-$v -j 6 --target spgemm_bench > /tmp/build_$v.log 2>&1; echo "$v build rc=$?" > /tmp/${v}_rc) &
done
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
cp /tmp/gc/tests.log "$F/" 2>/dev/null
wait; cat /tmp/old_rc /tmp/v4_rc
for round in 1 2; do
  for v in new v4 old; do
    b=build-$v; [ $v = new ] && b=build-gpu
    timeout 150 $b/apps/spgemm_bench --levels 2 > "$F/bench_${v}_$round.log" 2>&1
  done
done
for v in new v4 old; do
  b=build-$v; [ $v = new ] && b=build-gpu
  timeout 100 ncu --csv --metrics gpu__time_duration.sum --cache-control none --clock-control none \
    -k regex:"rows_kernel|numeric_kernel|one_pass_kernel" $b/apps/spgemm_bench --problem 3d7 --problem 2d5 --levels 1 --reps 1 > "$F/ncu_$v.csv" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"; grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head -3
ext() { grep -E "^  .* level [01] " "$1" | grep -v order | sed -E 's/ +tile ([0-9.]+) ms, cusparse ([0-9.]+) ms/|\1|\2/'; }
paste -d'|' <(ext "$F/bench_new_1.log") <(ext "$F/bench_new_2.log" | cut -d'|' -f2) <(ext "$F/bench_v4_1.log" | cut -d'|' -f2) <(ext "$F/bench_v4_2.log" | cut -d'|' -f2) <(ext "$F/bench_old_1.log" | cut -d'|' -f2) <(ext "$F/bench_old_2.log" | cut -d'|' -f2) | grep "level 0"
summ() { grep -E "_kernel" "$1" | awk -F'","' '{split($5,a,"("); n=$NF; gsub(/[",]/,"",n); s[a[1]]+=n; c[a[1]]++} END {for (k in s) printf "%s %.1f us (%d)\n", k, s[k]/1000, c[k]}' | sort; }
for v in new v4 old; do echo "== ncu $v"; summ "$F/ncu_$v.csv"; done
