#!/usr/bin/env bash
# Run 358 (2026-12-07): after the final review's simplifications (JSON writer, benchmarks' --json close):
# build, ctest -L gpu; memcheck and racecheck of test_gpu_coarse_solve (the CUDA file whose messages changed).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
OUT=$OUT STEP_TIMEOUT=200 SANITIZE="build-gpu/tests/test_gpu_coarse_solve" scripts/gpu_check.sh build tests memcheck racecheck
grep -E "tests passed|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/tests.log" "$OUT/sanitizer.log"
