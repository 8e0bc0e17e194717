#!/usr/bin/env bash
# Ran as run 351 on 2026-12-07 (H100, BENCH=0); calls.md lists this and the calls after it.
# Run 351 (written 2026-12-06; NOT RUN on 2026-12-07 either: no machine could be started in about
# sixteen tries over two hours, which used up the session's device time; run it first): the code of
# b210db8 again (run 350's column floor reverted, notes item 76): the first
# GPU run of exactly the edits made after run 349 (the pool kept only once set up, pool counters
# that make no CUDA context, test_gpu_default_pool, the coupled_each_case refactor) and of
# fmt_device_answer (9afe4a0). Build;
# ctest -L gpu (11 tests); memcheck of test_gpu_default_pool and test_api_edges gpu (test_gpu_aggregate's
# left out: device time was short, its kernels unchanged since runs 349-350); spgemm_bench; racecheck of
# test_gpu_default_pool (BENCH=0: no spgemm_bench). test_gpu_aggregate's racecheck (over 150 s)
# runs alone in command_b.sh.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
OUT=$OUT STEP_TIMEOUT=240 SANITIZE="build-gpu/tests/test_gpu_default_pool build-gpu/tests/test_api_edges:gpu " \
  scripts/gpu_check.sh build tests memcheck > "$OUT/checks.txt" 2>&1; echo "gpu_check rc=$? ($((SECONDS - t0)) s)"
sed -n '/==== summary/,$p' "$OUT/checks.txt" | grep -v "^name"
grep -E "tests passed|Failed|Skipped|\*\*\*" "$OUT/tests.log"
if [ "${BENCH:-1}" = 0 ]; then echo "spgemm_bench: not run (BENCH=0)"; else
timeout 150 build-gpu/apps/spgemm_bench > "$OUT/bench1.log" 2>&1; echo "spgemm_bench rc=$? ($((SECONDS - t0)) s)"
grep -E "differs|error" "$OUT/bench1.log" | head -5
scripts/bench_targets.sh "$OUT/bench1.log"
fi
for t in test_gpu_default_pool; do
  timeout 60 compute-sanitizer --tool racecheck --error-exitcode 99 build-gpu/tests/$t >> "$OUT/sanitizer.log" 2>&1
  echo "racecheck $t rc=$? ($((SECONDS - t0)) s)"
done
grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/sanitizer.log"
nvidia-smi --query-gpu=name --format=csv,noheader
echo "all done $((SECONDS - t0)) s"
