#!/usr/bin/env bash
# Run 145: the reread's refactor (the symbolic kernels' per-candidate body and the pair kernels' row test as helpers; one copy helper for the mirror and the compaction), against 8d54463 built beside it: ctest -L gpu, memcheck on test_gpu_formats and test_gpu_spgemm; ncu times of the changed kernels on 3D 7-point and 2D 5-point, new and old.
# Code: 12eac1c; old: 8d54463.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run145.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu build-old build-v4 build-li /tmp/gc
(cmake -S gpu_in/old145 -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
OUT=/tmp/gc STEP_TIMEOUT=200 SANITIZE="build-gpu/tests/test_gpu_formats build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh build tests memcheck > "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
wait; cat /tmp/old_rc
for v in new old; do
  b=build-gpu; [ $v = old ] && b=build-old
  timeout 100 ncu --csv --metrics gpu__time_duration.sum --cache-control none --clock-control none \
    -k regex:"compact_kernel|fill_kernel|symbolic_kernel|symbolic_left_kernel|numeric_kernel" $b/apps/spgemm_bench --problem 3d7 --problem 2d5 --levels 1 --reps 1 > "$F/ncu_$v.csv" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"; grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head -3
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
summ() { grep -E "_kernel" "$1" | awk -F'","' '{split($5,a,"("); n=$NF; gsub(/[",]/,"",n); s[a[1]]+=n; c[a[1]]++} END {for (k in s) printf "%s %.1f us (%d)\n", k, s[k]/1000, c[k]}' | sort; }
for v in new old; do echo "== ncu $v"; summ "$F/ncu_$v.csv"; done
