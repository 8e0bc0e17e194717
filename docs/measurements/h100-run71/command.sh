#!/usr/bin/env bash
# Run 71: symmetric Galerkin products (upper tiles + mirror): build, ctest -L gpu, memcheck on every GPU test program, racecheck on test_gpu_formats and test_gpu_spgemm.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=400 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=200 SANITIZE="build-gpu/tests/test_gpu_formats build-gpu/tests/test_gpu_spgemm build-gpu/tests/test_gpu_setup build-gpu/tests/test_solve:gpu" scripts/gpu_check.sh memcheck >> "$F/run.txt" 2>&1
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_formats build-gpu/tests/test_gpu_spgemm" STEP_TIMEOUT=200 scripts/gpu_check.sh racecheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log /tmp/gc/build.log "$F/" 2>/dev/null
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|failed" "$F/tests.log" | head -20
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
