#!/usr/bin/env bash
# Run 311: run 310 again after PCG's growth test came back at 1e10 ||b|| (solve.c, host code): build,
# ctest -L gpu (test_api_edges gpu now has the badly scaled and singular cases), memcheck of
# test_api_edges gpu in full (--report-api-errors no, for its deliberate out-of-memory allocations),
# amg_solve on the four full-size configs.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
OUT=$OUT SOLVE_REPEAT=3 scripts/gpu_check.sh build tests solve > "$OUT/checks.txt" 2>&1
sed -n '/==== summary/,$p' "$OUT/checks.txt" | grep -v "^name\|^NVIDIA"
grep -E "test_gpu_api_edges|tests passed" "$OUT/tests.log"
timeout 300 compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 99 build-gpu/tests/test_api_edges gpu > "$OUT/memcheck.log" 2>&1
echo "memcheck rc=$?"; grep -E "ERROR SUMMARY|all checks passed|failed" "$OUT/memcheck.log" | head -5
grep -hE "^amg_solve:.*rows|converged after|^  setup \+ solve" "$OUT/solve.log"
