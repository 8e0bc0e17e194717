#!/usr/bin/env bash
# Run 329: the session's final code (the CPU tiled SpGEMM by C tile rows, the
# GPU tests' oracle; amg_probe_gpu; fmt_join's failure path). Build; ctest -L
# gpu; memcheck of test_gpu_spgemm and test_api_edges gpu; spgemm_bench;
# the four solves.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
OUT=$OUT STEP_TIMEOUT=240 scripts/gpu_check.sh build tests > "$OUT/checks.txt" 2>&1; echo "gpu_check rc=$?"
sed -n '/==== summary/,$p' "$OUT/checks.txt" | grep -v "^name\|^NVIDIA"
grep -E "tests passed|Failed|Skipped" "$OUT/tests.log"
run() { # PROGRAM [ARG]
  AMG_TEST_QUICK=1 timeout 150 compute-sanitizer --tool memcheck --error-exitcode 99 build-gpu/tests/$1 ${2:-} \
    >> "$OUT/sanitizer.log" 2>&1; echo "memcheck $1 ${2:-} rc=$? ($((SECONDS - t0)) s)"
  tail -2 "$OUT/sanitizer.log" | grep -E "ERROR SUMMARY"
}
run test_gpu_spgemm
run test_api_edges gpu
timeout 60 build-gpu/apps/spgemm_bench --json "$OUT/bench.json" > "$OUT/bench.log" 2>&1; echo "spgemm_bench rc=$? ($((SECONDS - t0)) s)"
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false >> "$OUT/solve.log" 2>&1
  echo "$c rc=$?"
done
grep -hE "converged after" "$OUT/solve.log"
grep -E "^3d7-101 +0 order|^2d5-1024 +0 order pta_p " "$OUT/bench.log"
echo "all done $((SECONDS - t0)) s"
