#!/usr/bin/env bash
# Run 28: CSR -> tile by a per-tile-row walk (no radix sort); tests, sanitizers on test_gpu_formats and test_gpu_setup, conversion bench, solve.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_formats build-gpu/tests/test_gpu_setup" STEP_TIMEOUT=200 scripts/gpu_check.sh build tests memcheck racecheck > "$F/run.txt" 2>&1
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/"
timeout 150 build-gpu/apps/spgemm_bench --levels 1 > "$F/spgemm.log" 2>&1
OUT=/tmp/gc2 STEP_TIMEOUT=100 scripts/gpu_check.sh solve > "$F/run_solve.txt" 2>&1
cp /tmp/gc2/solve.log "$F/"
grep -E ": (ok|FAILED)" "$F/run.txt" "$F/run_solve.txt"
grep -E "tests passed" "$F/tests.log"
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
grep -iE "conver|->" "$F/spgemm.log" | head -20
grep -E "CSR -> tile|setup ms|solve ms|iterations|peak|median" "$F/solve.log" | head -40
