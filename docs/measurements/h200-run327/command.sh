#!/usr/bin/env bash
# Run 327: after this session's review fixes (fmt_device_probe; a __syncthreads
# in step 1's block-per-row fill pass; solve/setup error paths; bench B^T and
# CLI; tests). Build; ctest -L gpu (now with test_bench_run); memcheck of
# test_gpu_spgemm, test_gpu_formats and test_api_edges gpu; racecheck of the
# changed kernel (block_rows_kernel) in test_gpu_spgemm; spgemm_bench; solves.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
OUT=$OUT STEP_TIMEOUT=240 scripts/gpu_check.sh build tests > "$OUT/checks.txt" 2>&1
sed -n '/==== summary/,$p' "$OUT/checks.txt" | grep -v "^name\|^NVIDIA"
grep -E "tests passed|Failed|Skipped" "$OUT/tests.log"
run() { # TOOL LIMIT PROGRAM [ARGS...]
  local tool=$1 limit=$2 prog=$3; shift 3
  AMG_TEST_QUICK=1 timeout $limit compute-sanitizer --tool $tool --error-exitcode 99 "$@" build-gpu/tests/$prog \
    ${ARG:-} >> "$OUT/sanitizer.log" 2>&1; echo "$tool $prog ${ARG:-} $* rc=$? ($((SECONDS - t0)) s)"
  tail -3 "$OUT/sanitizer.log" | grep -hE "ERROR SUMMARY|RACECHECK SUMMARY"
}
run memcheck 150 test_gpu_spgemm
run memcheck 90 test_gpu_formats
ARG=gpu run memcheck 90 test_api_edges
run racecheck 150 test_gpu_spgemm --kernel-name kns=block_rows_kernel
timeout 60 build-gpu/apps/spgemm_bench --json "$OUT/bench.json" > "$OUT/bench.log" 2>&1; echo "spgemm_bench rc=$? ($((SECONDS - t0)) s)"
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false >> "$OUT/solve.log" 2>&1
  echo "$c rc=$?"
done
grep -hE "converged after|setup .* ms" "$OUT/solve.log"
grep -E "^3d7-101 +0 (order|A\*P|P\^T\*\(AP\))|^2d5-1024 +0 order pta_p " "$OUT/bench.log"
echo "all done $((SECONDS - t0)) s"
