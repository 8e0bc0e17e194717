#!/usr/bin/env bash
# Run 43: batch SpMV with 32-bit pairs, pairs in turn or merged by shape (final code): ctest -L gpu, memcheck (spmv, solve gpu), racecheck (spmv), spmv_bench --galerkin, the four PCG solves (--repeat 10).
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_spmv build-gpu/tests/test_solve:gpu" STEP_TIMEOUT=250 scripts/gpu_check.sh build tests memcheck > "$F/run.txt" 2>&1
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_spmv" STEP_TIMEOUT=250 scripts/gpu_check.sh racecheck >> "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=250 SPMV_ARGS=--galerkin scripts/gpu_check.sh solve spmv >> "$F/run.txt" 2>&1
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log /tmp/gc/spmv.log /tmp/gc/solve.log "$F/"
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed" "$F/tests.log"
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
grep -E "^(2d|3d)[^ ]* +(cusparse|batch) +spmv" "$F/spmv.log"
grep -E "converged after|^setup [0-9]|median" "$F/solve.log"
