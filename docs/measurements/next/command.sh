#!/usr/bin/env bash
# Run 351 (written 2026-12-06, not run: no device time was left; the next session should run it first): the code of b210db8 again (run 350's column floor reverted, notes item 76): the first
# GPU run of exactly the edits made after run 349 (the pool kept only once set up, pool counters
# that make no CUDA context, test_gpu_default_pool, the coupled_each_case refactor). Build;
# ctest -L gpu (11 tests); memcheck of test_gpu_default_pool, test_api_edges gpu and
# test_gpu_aggregate; racecheck of test_gpu_default_pool (test_gpu_aggregate's kernels are run 349's,
# racecheck-clean there; its racecheck takes over 150 s, more than this session's device time left).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
OUT=$OUT STEP_TIMEOUT=240 SANITIZE="build-gpu/tests/test_gpu_default_pool build-gpu/tests/test_api_edges:gpu build-gpu/tests/test_gpu_aggregate" \
  scripts/gpu_check.sh build tests memcheck > "$OUT/checks.txt" 2>&1; echo "gpu_check rc=$? ($((SECONDS - t0)) s)"
sed -n '/==== summary/,$p' "$OUT/checks.txt" | grep -v "^name"
grep -E "tests passed|Failed|Skipped|\*\*\*" "$OUT/tests.log"
for t in test_gpu_default_pool; do
  timeout 60 compute-sanitizer --tool racecheck --error-exitcode 99 build-gpu/tests/$t >> "$OUT/sanitizer.log" 2>&1
  echo "racecheck $t rc=$? ($((SECONDS - t0)) s)"
done
grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/sanitizer.log"
nvidia-smi --query-gpu=name --format=csv,noheader
echo "all done $((SECONDS - t0)) s"
