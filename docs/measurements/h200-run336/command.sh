#!/usr/bin/env bash
# Run 336 (H200): after the last solver change (a level of stored-zero
# couplings is a diagonal coarsest level): build, ctest -L gpu, the four
# solves (3 repeats), memcheck of test_api_edges gpu.
OUT=$OUT STEP_TIMEOUT=300 SOLVE_REPEAT=3 scripts/gpu_check.sh build tests solve > "$OUT/checks.txt" 2>&1
tail -12 "$OUT/checks.txt"
grep -E "converged after" "$OUT/solve.log"
AMG_TEST_QUICK=1 compute-sanitizer --tool memcheck --error-exitcode 99 build-gpu/tests/test_api_edges gpu \
  > "$OUT/sanitizer.log" 2>&1; echo "memcheck test_api_edges gpu: rc=$? $(grep 'ERROR SUMMARY' "$OUT/sanitizer.log")"
