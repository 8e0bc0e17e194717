#!/usr/bin/env bash
# Run 55: the final commit (44159e1 plus comments): ctest -L gpu, memcheck on test_gpu_spgemm and test_solve gpu,
# the four PCG solves (--repeat 10) for the setup times.
F=$OUT
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_spgemm build-gpu/tests/test_solve:gpu" STEP_TIMEOUT=250 scripts/gpu_check.sh build tests memcheck solve > "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log /tmp/gc/solve.log $F/
grep -E ": (ok|FAILED)" "$F/run.txt"; grep -E "tests passed" "$F/tests.log"; grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
grep -E "converged after|^setup [0-9]|median" "$F/solve.log"
