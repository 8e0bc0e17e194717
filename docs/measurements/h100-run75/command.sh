#!/usr/bin/env bash
# Run 75: after the test refactor (check_kernels, transpose_products): build, ctest -L gpu, memcheck on every GPU test program, racecheck on test_gpu_spgemm and test_gpu_formats.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests memcheck > "$F/run.txt" 2>&1
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_spgemm build-gpu/tests/test_gpu_formats" STEP_TIMEOUT=250 scripts/gpu_check.sh racecheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed" "$F/tests.log"
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
