#!/usr/bin/env bash
# Run 347 (H200): head after the review's mends (kernel loading skipped where
# the driver lacks its calls; calloc'd handles; test tolerances): build,
# ctest -L gpu, memcheck of test_api_edges gpu, test_gpu_amg_solve's output.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
OUT=$OUT STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$OUT/checks.txt" 2>&1
tail -4 "$OUT/checks.txt"
grep -E "tests passed" "$OUT/tests.log"
ctest --test-dir build-gpu -R test_gpu_amg_solve -V 2>&1 | grep -E "ok |FAIL|skipped" | tee "$OUT/amg_solve_gpu.log"
AMG_TEST_QUICK=1 compute-sanitizer --tool memcheck --error-exitcode 99 build-gpu/tests/test_api_edges gpu \
  > "$OUT/sanitizer.log" 2>&1; echo "memcheck test_api_edges gpu: rc=$? $(grep 'ERROR SUMMARY' "$OUT/sanitizer.log")"
grep "kernels loaded" "$OUT/sanitizer.log"
