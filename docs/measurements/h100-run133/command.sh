#!/usr/bin/env bash
# Run 133: the numeric and symbolic pair kernels' units (at most a warp) also take tiles from a counter on one wave, against 05a89f5 (the one-pass change alone) built beside it: ctest -L gpu, spgemm_bench --levels 2 twice each, alternating; ncu times of the pair kernels on 3D 7-point.
# Code: the working tree that became c8505ec, without its SYM_GRAB and empty-list returns (new), against 05a89f5 (old, gpu_in/old).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run133.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu build-old build-li /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 16 --target spgemm_bench > /tmp/build_old.log 2>&1); echo "old build rc=$?"
timeout 200 ctest --test-dir build-gpu -L gpu --output-on-failure > "$F/tests.log" 2>&1; echo "test rc=$?"
for round in 1 2; do
  for v in new old; do
    b=build-gpu; [ $v = old ] && b=build-old
    timeout 150 $b/apps/spgemm_bench --levels 2 > "$F/bench_${v}_$round.log" 2>&1
  done
done
for v in new old; do
  b=build-gpu; [ $v = old ] && b=build-old
  timeout 200 ncu --csv --metrics gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active --cache-control none --clock-control none \
    -k regex:"numeric_kernel|symbolic_kernel|symbolic_left|one_pass" $b/apps/spgemm_bench --problem 3d7 --problem 2d5 --problem 3d27 --levels 1 --reps 1 > "$F/ncu_$v.csv" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"; grep -E "tests passed|Failed|FAIL|pair lists" "$F/tests.log" | head
ext() { grep -E "^  .* level [01] " "$1" | grep -v order | sed -E 's/ +tile ([0-9.]+) ms, cusparse ([0-9.]+) ms/|\1|\2/'; }
paste -d'|' <(ext "$F/bench_new_1.log") <(ext "$F/bench_new_2.log" | cut -d'|' -f2) <(ext "$F/bench_old_1.log" | cut -d'|' -f2) <(ext "$F/bench_old_2.log" | cut -d'|' -f2)
