#!/usr/bin/env bash
# Run 124: the row kernels search C's row tile columns in shared memory (numeric: rows of at most 64 tiles, 432 slots; symbolic: always), and the numeric one skips the B-row bound search unless B's row reaches past C's columns; against the old build (HEAD 60100e2) in the same run.
# Code: 60100e2 plus h100-run124/shared_columns.diff; the old build is 60100e2.
# gpu_in/old held `git archive 60100e2 CMakeLists.txt cmake apps solver spgemm formats configs tests scripts`.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run124.sh, run from the repository root)
F=$OUT
export CMAKE_PREFIX_PATH=/opt/deps/usr
OUT=/tmp/gc STEP_TIMEOUT=400 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
(cd gpu_in/old && cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build -j 16 > "$F/old_build.log" 2>&1; echo "old build rc=$?")
for round in 1 2; do
  for v in new old; do
    bin=build-gpu/apps/spgemm_bench; [ $v = old ] && bin=gpu_in/old/build/apps/spgemm_bench
    echo "=== $v round $round" >> "$F/bench.log"
    timeout 100 $bin --levels 1 --profile >> "$F/bench.log" 2>&1
  done
done
timeout 120 ncu --csv --metrics gpu__time_duration.sum --cache-control none --clock-control none \
    --launch-count 32 build-gpu/apps/spgemm_bench --problem 3d7 --levels 1 --reps 1 > "$F/ncu_3d7.csv" 2> "$F/ncu_3d7.err"
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
for v in new old; do
  echo "== $v"; sed -n "/=== $v round 1/,/per-step/p" "$F/bench.log" | grep -E "level 0 " | grep -v order | awk '{printf "%s %s %s %s|", $1, $4, $5, $7}'; echo
done
