#!/usr/bin/env bash
# Run 54: as run 53, with the fused scan in template instances of its own, so the level-0 (CUB scan) kernels
# keep their 32 registers. Tests (with a 10^6-row band A^2 for the CUB path), memcheck, racecheck on
# test_gpu_spgemm, spgemm_bench against the previous commit in the same run.
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
