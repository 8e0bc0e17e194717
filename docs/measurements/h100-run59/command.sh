#!/usr/bin/env bash
# Run 59: the scan's scratch layout in one place (spgemm_scan_scratch, spgemm_scan_units and
# spgemm_scan_prefix take the one scratch pointer): ctest -L gpu, memcheck and racecheck on test_gpu_spgemm.
F=$OUT
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_spgemm" STEP_TIMEOUT=250 scripts/gpu_check.sh build tests memcheck racecheck > "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log $F/
grep -E ": (ok|FAILED)" "$F/run.txt"; grep -E "tests passed" "$F/tests.log"; grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
