#!/usr/bin/env bash
# Run 141: the mirror fill loads the next tile's source rows while it builds one, and the compaction of C's structure takes a thread per candidate, then 8 candidates per half-warp with their masks loaded together, against 74db3db built beside it: ctest -L gpu, memcheck and racecheck on test_gpu_formats, memcheck on test_gpu_spgemm; spgemm_bench --levels 2 --profile twice each, alternating; ncu times of the mirror's fill kernel on 3D 7-point and 2D 5-point.
# Code: new: 726b74f; old: 74db3db (gpu_in/old141).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run141.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu build-old build-li /tmp/gc
(cmake -S gpu_in/old141 -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 8 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
OUT=/tmp/gc STEP_TIMEOUT=200 SANITIZE="build-gpu/tests/test_gpu_formats build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh build tests memcheck > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=200 SANITIZE=build-gpu/tests/test_gpu_formats scripts/gpu_check.sh racecheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
wait; cat /tmp/old_rc
for round in 1 2; do
  for v in new old; do
    b=build-gpu; [ $v = old ] && b=build-old
    timeout 150 $b/apps/spgemm_bench --levels 2 --profile > "$F/bench_${v}_$round.log" 2>&1
  done
done
for v in new old; do
  b=build-gpu; [ $v = old ] && b=build-old
  timeout 100 ncu --csv --metrics gpu__time_duration.sum --cache-control none --clock-control none \
    --kernel-name-base mangled -k regex:"fill_kerneliPK14fmt_tile_count|compact_kernel" $b/apps/spgemm_bench --problem 3d7 --problem 2d5 --levels 1 --reps 1 > "$F/ncu_$v.csv" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"; grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head -3
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
ext() { grep -E "^  .* level [01] " "$1" | grep -v order | sed -E 's/ +tile ([0-9.]+) ms, cusparse ([0-9.]+) ms/|\1|\2/'; }
paste -d'|' <(ext "$F/bench_new_1.log") <(ext "$F/bench_new_2.log" | cut -d'|' -f2) <(ext "$F/bench_old_1.log" | cut -d'|' -f2) <(ext "$F/bench_old_2.log" | cut -d'|' -f2)
for v in new old; do for k in fill_kernel compact_kernel; do echo "== ncu $v $k"; grep -E "$k" "$F/ncu_$v.csv" | awk -F'","' '{print $NF}' | tr -d '"' | tr '\n' ' '; echo; done; done
