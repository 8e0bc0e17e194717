#!/usr/bin/env bash
# Run 36: after the review fixes (repeats in unsorted rows refused, forced stream-block warp counts in test_gpu_spmv, 0x0 conversion) and the MIS-2 split: ctest -L gpu, memcheck on every GPU test program, racecheck on the changed ones, solve.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=250 scripts/gpu_check.sh build tests memcheck > "$F/run.txt" 2>&1
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_formats build-gpu/tests/test_gpu_spmv build-gpu/tests/test_gpu_aggregate" STEP_TIMEOUT=250 scripts/gpu_check.sh racecheck >> "$F/run.txt" 2>&1
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/"
OUT=/tmp/gc2 STEP_TIMEOUT=100 scripts/gpu_check.sh solve > "$F/run_solve.txt" 2>&1
cp /tmp/gc2/solve.log "$F/"
grep -E ": (ok|FAILED)" "$F/run.txt" "$F/run_solve.txt"
grep -E "tests passed" "$F/tests.log"
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
grep -E "^  all" "$F/solve.log"
grep -E "converged after|setup  .*median|solve  .*median" "$F/solve.log"
