#!/usr/bin/env bash
# Run 122: step 2's masks for short tile rows computed in step 1's fill pass (the step-2 row kernel removed), and the (kept, nnz) scans packed in 64 bits; against the old build (HEAD bcfc8c1) in the same run.
# Code: bcfc8c1 plus the packed scans (later 60100e2) and h100-run122/masks_in_fill.diff; the old build is bcfc8c1.
# gpu_in/old held `git archive bcfc8c1 CMakeLists.txt cmake apps solver spgemm formats configs tests scripts`.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run122.sh, run from the repository root)
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
    --launch-count 60 build-gpu/apps/spgemm_bench --problem 3d7 --levels 1 --reps 1 > "$F/ncu_3d7.csv" 2> "$F/ncu_3d7.err"
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
for v in new old; do
  echo "== $v"; sed -n "/=== $v round 1/,/per-step/p" "$F/bench.log" | grep -E "level 0 " | grep -v order | awk '{printf "%s %s %s %s|", $1, $4, $5, $7}'; echo
done
