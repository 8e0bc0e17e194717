#!/usr/bin/env bash
# Run 33: SpMV "stream-block" with 2, 4 or 8 warps per tile row from a latency model (AUTO uses it when the model prefers > 1 warp); tests, sanitizers on test_gpu_spmv and test_solve gpu, spmv_bench (level 0 and the model A_c), solve.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_spmv build-gpu/tests/test_solve:gpu" STEP_TIMEOUT=250 scripts/gpu_check.sh build tests memcheck racecheck > "$F/run.txt" 2>&1
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/"
timeout 200 build-gpu/apps/spmv_bench --galerkin > "$F/spmv.log" 2>&1
OUT=/tmp/gc2 STEP_TIMEOUT=100 scripts/gpu_check.sh solve > "$F/run_solve.txt" 2>&1
cp /tmp/gc2/solve.log /tmp/gc2/solve_reports.json "$F/"
grep -E ": (ok|FAILED)" "$F/run.txt" "$F/run_solve.txt"
grep -E "tests passed" "$F/tests.log"
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
grep -E "^[23]d.* spmv " "$F/spmv.log" | head -48
grep -E "converged after|per iteration|setup  .*median|solve  .*median" "$F/solve.log"
