#!/usr/bin/env bash
# Run 53 (not kept as is): the counting kernels scan their counts themselves when each unit of one wave counts
# at most 4 items, else a full grid and a CUB scan. Level-0 products still 5-15% slower: the scan code in the
# same kernels raised symbolic from 32 to 48 registers and count from 32 to 40 (fewer blocks per SM).
F=$OUT
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_spgemm" STEP_TIMEOUT=250 scripts/gpu_check.sh build tests memcheck racecheck > "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log $F/
(cd gpu_in/base && cmake -S . -B build-base -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=/opt/deps/usr > /dev/null && cmake --build build-base -j 16 > /dev/null) || echo "base build FAILED"
for r in 1 2; do
  timeout 150 gpu_in/base/build-base/apps/spgemm_bench --reps 10 > "$F/base_$r.log" 2>&1
  timeout 150 build-gpu/apps/spgemm_bench --reps 10 > "$F/new_$r.log" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"; grep -E "tests passed" "$F/tests.log"; grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
paste <(grep -E "level [0-9]" "$F/base_1.log" | awk '{print $1,$3,$4,$6}') <(grep -E "level [0-9]" "$F/base_2.log" | awk '{print $6}') <(grep -E "level [0-9]" "$F/new_1.log" | awk '{print $6}') <(grep -E "level [0-9]" "$F/new_2.log" | awk '{print $6, $9}')
