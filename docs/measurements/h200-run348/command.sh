#!/usr/bin/env bash
# Run 348 (H200): MIS-2 with fresh priorities after 32 rounds (both
# backends): build, ctest -L gpu (test_gpu_aggregate compares the priority
# path with the CPU), the four solves (unchanged?), memcheck and racecheck of
# test_gpu_aggregate.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
OUT=$OUT STEP_TIMEOUT=300 SOLVE_REPEAT=1 scripts/gpu_check.sh build tests solve > "$OUT/checks.txt" 2>&1
tail -7 "$OUT/checks.txt"
grep -E "tests passed" "$OUT/tests.log"
grep -E "converged after" "$OUT/solve.log"
grep -o '"mis2_rounds": *[0-9]*' "$OUT/solve_reports.json" | tr '\n' ' '; echo
for tool in memcheck racecheck; do
  AMG_TEST_QUICK=1 timeout 240 compute-sanitizer --tool $tool --error-exitcode 99 build-gpu/tests/test_gpu_aggregate \
    > "$OUT/sanitizer_$tool.log" 2>&1
  echo "$tool test_gpu_aggregate: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/sanitizer_$tool.log")"
done
