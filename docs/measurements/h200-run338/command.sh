#!/usr/bin/env bash
# Run 338 (H200): the final head after the reread's mends (host code only:
# the Matrix Market value parser shared, fmt_csr_permute by transposes,
# fmt_sort_int64, amg_solve's reorder state): build, ctest -L gpu, the four
# solves (1 repeat), memcheck of test_api_edges gpu.
OUT=$OUT STEP_TIMEOUT=300 SOLVE_REPEAT=1 scripts/gpu_check.sh build tests solve > "$OUT/checks.txt" 2>&1
tail -8 "$OUT/checks.txt"
grep -E "converged after" "$OUT/solve.log"
AMG_TEST_QUICK=1 compute-sanitizer --tool memcheck --error-exitcode 99 build-gpu/tests/test_api_edges gpu \
  > "$OUT/sanitizer.log" 2>&1; echo "memcheck test_api_edges gpu: rc=$? $(grep 'ERROR SUMMARY' "$OUT/sanitizer.log")"
# second call (same machine): racecheck of test_api_edges gpu, which runs the
# new start-vector kernel and the power iteration on the GPU. It did not
# finish within its 420 s limit (timeout rc 124, no report): not checked.
#   AMG_TEST_QUICK=1 timeout 420 ...
#   AMG_TEST_QUICK=1 compute-sanitizer --tool racecheck --error-exitcode 99 build-gpu/tests/test_api_edges gpu
