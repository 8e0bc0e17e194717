#!/usr/bin/env bash
# Run 357 (2026-12-07): build and ctest -L gpu after the CLI audit's fixes (the GPU coarse solve's messages
# now give 1-based indices too: test_gpu_coarse_solve checks them; stdout/FIFO output checks in amg_solve).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
OUT=$OUT STEP_TIMEOUT=300 scripts/gpu_check.sh build tests
grep -E "Test +#|tests passed" "$OUT/tests.log"
