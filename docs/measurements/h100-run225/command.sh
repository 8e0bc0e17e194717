#!/usr/bin/env bash
# Run 225: main's code (spgemm and solver as e3dd1cc): part a: build, ctest -L gpu, memcheck and racecheck
# of test_gpu_spgemm (every kernel but cuSPARSE's); part b: amg_solve on the four model configs and the
# whole model with JSON (spgemm_bench --json).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
if [ "${1:-a}" = a ]; then
  OUT=$F STEP_TIMEOUT=470 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck racecheck > "$F/checks_run.txt" 2>&1
  echo "part a $((SECONDS - t0)) s"; tail -6 "$F/checks_run.txt"
  grep -E "tests passed|Failed|\*\*\*" "$F/tests.log" | head -8; grep -hE "ERROR SUMMARY|RACECHECK SUMMARY" "$F/sanitizer.log"
else
  OUT=$F STEP_TIMEOUT=120 SOLVE_REPEAT=2 scripts/gpu_check.sh solve > "$F/checks_run2.txt" 2>&1
  tail -6 "$F/checks_run2.txt"
  grep -hE "iterations|residual" "$F/solve.log" | head -12
  timeout 150 build-gpu/apps/spgemm_bench --json "$F/spgemm.json" > "$F/model.log" 2>&1; echo "model rc=$?"
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 (order|A\^2|csr)" "$F/model.log" | cut -c1-130
  awk '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else print "miss:", $0} END {print ok " of " n " coarse products within 0.15 ms"}' "$F/model.log"
  echo "part b $((SECONDS - t0)) s"
fi
