#!/usr/bin/env bash
# Run 320: after the final review's mends (solve.c's upload_scaled serves the
# rescaled b and the initial guess; one size-line parser for both readers).
# Build; ctest -L gpu; memcheck of test_api_edges gpu (quick: no OOM case).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
OUT=$OUT STEP_TIMEOUT=200 scripts/gpu_check.sh build tests > "$OUT/checks.txt" 2>&1
sed -n '/==== summary/,$p' "$OUT/checks.txt" | grep -v "^name\|^NVIDIA"
grep -E "tests passed" "$OUT/tests.log"
AMG_TEST_QUICK=1 timeout 200 compute-sanitizer --tool memcheck --error-exitcode 99 build-gpu/tests/test_api_edges gpu \
  > "$OUT/memcheck.log" 2>&1; echo "memcheck test_api_edges gpu rc=$?"
grep -E "ERROR SUMMARY|all checks" "$OUT/memcheck.log"
echo "all done $((SECONDS - t0)) s"
