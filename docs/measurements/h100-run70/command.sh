#!/usr/bin/env bash
# Run 70: after the reread (fmt_half_warp_slots shared by SpGEMM and MIS-2; one spmv argument macro): ctest -L gpu, memcheck on every GPU test program, racecheck on test_gpu_spmv, test_gpu_spgemm, test_gpu_aggregate.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests memcheck > "$F/run.txt" 2>&1
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_spmv build-gpu/tests/test_gpu_spgemm build-gpu/tests/test_gpu_aggregate" STEP_TIMEOUT=300 scripts/gpu_check.sh racecheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/"
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed" "$F/tests.log"
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
