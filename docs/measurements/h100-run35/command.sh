#!/usr/bin/env bash
# Run 35: MIS-2 kernels with 1-8 half-warps per tile row (fmt_workers_per_row); tests, sanitizers on test_gpu_aggregate and test_gpu_setup, solve.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_aggregate build-gpu/tests/test_gpu_setup" STEP_TIMEOUT=250 scripts/gpu_check.sh build tests memcheck racecheck > "$F/run.txt" 2>&1
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/"
OUT=/tmp/gc2 STEP_TIMEOUT=100 scripts/gpu_check.sh solve > "$F/run_solve.txt" 2>&1
cp /tmp/gc2/solve.log "$F/"
