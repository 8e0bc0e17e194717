#!/usr/bin/env bash
# Run 309: test_api_edges gpu's new out-of-device-memory setup (the pool filled, 16 MiB left, a 3D 7-point
# 64^3 setup must fail with AMG_ERR_DEVICE_NOMEM, then succeed and solve once the memory is back).
# Build, the test alone (twice), ctest -L gpu, and memcheck of the test with the out-of-memory part included
# (--report-api-errors no: the allocations that fail on purpose are API errors to memcheck). Second try:
# the first (with the message's needle "out of device memory") failed on the needle alone.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
OUT=$OUT scripts/gpu_check.sh build tests > "$OUT/checks.txt" 2>&1
sed -n '/==== summary/,$p' "$OUT/checks.txt" | grep -v "^name\|^NVIDIA"
for k in 1 2; do
  /usr/bin/time -f "%e s" build-gpu/tests/test_api_edges gpu 2>&1 | tail -4
done
timeout 300 compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 99 build-gpu/tests/test_api_edges gpu > "$OUT/memcheck.log" 2>&1
echo "memcheck rc=$?"; grep -E "ERROR SUMMARY|all checks passed|failed" "$OUT/memcheck.log" | head -5
