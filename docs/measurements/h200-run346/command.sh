#!/usr/bin/env bash
# Run 346 (H200): head with test_gpu_amg_solve: build, ctest -L gpu (10 tests),
# its output, and the four solves once.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
OUT=$OUT STEP_TIMEOUT=300 SOLVE_REPEAT=1 scripts/gpu_check.sh build tests solve > "$OUT/checks.txt" 2>&1
tail -9 "$OUT/checks.txt"
ctest --test-dir build-gpu -R test_gpu_amg_solve -V 2>&1 | grep -E "ok |FAIL|skipped" | tee "$OUT/amg_solve_gpu.log"
grep -E "converged after" "$OUT/solve.log"
