#!/usr/bin/env bash
# Run 57: the no-rows test as first written (its CSR row_ptr[0] was left unset, so the test itself failed).
# ctest -L gpu, memcheck on test_gpu_spgemm.
F=$OUT
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_spgemm" STEP_TIMEOUT=250 scripts/gpu_check.sh build tests memcheck > "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log $F/
grep -E ": (ok|FAILED)" "$F/run.txt"; grep -E "tests passed" "$F/tests.log"; grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
grep -h "no rows" $F/*.log | head -3
