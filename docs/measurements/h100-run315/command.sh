#!/usr/bin/env bash
# Run 315: this session's additions (install + examples/embed, vector files,
# output.solution, amg_solve_from / problem.x0_file). Build; ctest -L gpu;
# test_install (examples/embed runs on the GPU there), test_mm_io and the CLI
# test; memcheck and racecheck of test_api_edges gpu (quick: no OOM part);
# amg_solve 3D 27-point writing x, then again from that x (0 iterations);
# two rounds of spgemm_bench (kernels unchanged since ade0202).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
OUT=$OUT STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$OUT/checks.txt" 2>&1
sed -n '/==== summary/,$p' "$OUT/checks.txt" | grep -v "^name\|^NVIDIA"
grep -E "tests passed" "$OUT/tests.log"
ctest --test-dir build-gpu -R 'test_install|test_mm_io|test_amg_solve_cli' -V > "$OUT/cpu_tests.log" 2>&1
grep -E "^[0-9]+: (embed:|FAIL)|tests passed" "$OUT/cpu_tests.log"
for tool in memcheck racecheck; do
  AMG_TEST_QUICK=1 timeout 240 compute-sanitizer --tool $tool --error-exitcode 99 build-gpu/tests/test_api_edges gpu \
    > "$OUT/$tool.log" 2>&1; echo "$tool test_api_edges gpu rc=$?"
  grep -E "ERROR SUMMARY|RACECHECK SUMMARY|all checks" "$OUT/$tool.log"
done
S=build-gpu/apps/amg_solve
timeout 120 $S --config configs/poisson3d_27pt.cfg --set output.verbose=false --set output.solution=/tmp/x27.mtx \
  > "$OUT/solve.log" 2>&1; echo "solve rc=$?"
timeout 120 $S --config configs/poisson3d_27pt.cfg --set output.verbose=false --set problem.x0_file=/tmp/x27.mtx \
  >> "$OUT/solve.log" 2>&1; echo "solve from x rc=$?"
grep -E "backend|converged after|^setup|solution" "$OUT/solve.log"
for r in 1 2; do
  timeout 90 build-gpu/apps/spgemm_bench > /tmp/b.log 2>&1; echo "bench rc=$?"; cat /tmp/b.log >> "$OUT/bench.log"
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 order" /tmp/b.log | awk -v t="r$r" '{s = ($5 == "sym") ? "_sym" : ""; printf "%s %s %s %s/%s=%s\n", t, $1, $4 s, $(NF-14), $(NF-10), $(NF-6)}'
  awk -v t="r$r" '/^  .* level [1-9] / && !/^  2d[59]-1024 level 1 / {n++; x=$(NF-4); if (x+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s%s %s", $1, $3, $4, ($5=="sym"?"s":""), x)} END {print t " coarse (sym rows too) within 0.15 ms: " ok " of " n miss}' /tmp/b.log
done
echo "all done $((SECONDS - t0)) s"
