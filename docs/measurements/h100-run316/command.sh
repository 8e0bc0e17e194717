#!/usr/bin/env bash
# Run 316 (warm after run 315): the install keeps libconfig's RPATH, and a
# guess's upload is out of solve_ms. Build; ctest -L gpu; test_install;
# 3D 27-point from its own x again; racecheck of test_api_edges gpu (quick)
# with room to finish (it ran past 240 s in run 315).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
OUT=$OUT STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$OUT/checks.txt" 2>&1
sed -n '/==== summary/,$p' "$OUT/checks.txt" | grep -v "^name\|^NVIDIA"
grep -E "tests passed" "$OUT/tests.log"
ctest --test-dir build-gpu -R 'test_install' -V > "$OUT/cpu_tests.log" 2>&1
grep -E "^[0-9]+: (ok|embed:|FAIL)|tests passed" "$OUT/cpu_tests.log"
S=build-gpu/apps/amg_solve
timeout 120 $S --config configs/poisson3d_27pt.cfg --set output.verbose=false --set output.solution=/tmp/x27.mtx \
  > "$OUT/solve.log" 2>&1; echo "solve rc=$?"
timeout 120 $S --config configs/poisson3d_27pt.cfg --set output.verbose=false --set problem.x0_file=/tmp/x27.mtx \
  >> "$OUT/solve.log" 2>&1; echo "solve from x rc=$?"
grep -E "converged after|^setup [0-9]" "$OUT/solve.log"
echo "racecheck starts at $((SECONDS - t0)) s"
AMG_TEST_QUICK=1 timeout $((570 - (SECONDS - t0))) compute-sanitizer --tool racecheck --error-exitcode 99 \
  build-gpu/tests/test_api_edges gpu > "$OUT/racecheck.log" 2>&1; echo "racecheck test_api_edges gpu rc=$?"
grep -E "RACECHECK SUMMARY|all checks" "$OUT/racecheck.log"
echo "all done $((SECONDS - t0)) s"
