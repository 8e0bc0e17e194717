#!/usr/bin/env bash
# Run 130: after the final reread (spgemm_bench checks A's symmetry from one transpose; two comments reflowed): build from scratch, ctest -L gpu, memcheck and racecheck on test_gpu_spgemm, spgemm_bench --levels 2 --reps 3.
# Code: febad1f plus the reread commit (apps/spgemm_bench.c symmetry(); comment reflows).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run130.sh, run from the repository root)
F=$OUT
rm -rf build-gpu /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/run.txt" 2>&1
timeout 100 build-gpu/apps/spgemm_bench --levels 2 --reps 3 > "$F/spgemm.log" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=420 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh racecheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
grep -E "^  .* level 0 +A\^2" "$F/spgemm.log"
