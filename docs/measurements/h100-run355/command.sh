#!/usr/bin/env bash
# Run 355 (2026-12-07): build, ctest -L gpu (test_gpu_api_edges: the V-cycles' rescaled start on the GPU;
# test_bench_run: a --json cut short by a file size limit is removed), memcheck of test_api_edges on the
# GPU, the bench checks verbose, and spgemm_bench twice (kernels unchanged since run 294).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
OUT=$OUT STEP_TIMEOUT=300 SANITIZE="build-gpu/tests/test_api_edges:gpu" scripts/gpu_check.sh build tests memcheck
ctest --test-dir build-gpu -R test_bench_run -V >"$OUT/bench_run_verbose.log" 2>&1
grep -E "^[0-9]+: (ok|FAIL)" "$OUT/bench_run_verbose.log"
for r in 1 2; do
  build-gpu/apps/spgemm_bench >"$OUT/bench$r.log" 2>&1
  echo "== round $r"; scripts/bench_targets.sh "$OUT/bench$r.log" | tail -12
done
