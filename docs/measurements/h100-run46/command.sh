#!/usr/bin/env bash
# Run 46: after the reread's clean-ups (shared aggregate argument checks, add_chunk in the batch SpMV, fmt_sort_double): ctest -L gpu, memcheck on test_gpu_aggregate and test_gpu_spmv.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_aggregate build-gpu/tests/test_gpu_spmv" STEP_TIMEOUT=250 scripts/gpu_check.sh build tests memcheck > "$F/run.txt" 2>&1
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/"
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed" "$F/tests.log"
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
