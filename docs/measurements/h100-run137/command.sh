#!/usr/bin/env bash
# Run 137: racecheck on test_gpu_spgemm with c8505ec's code (the looping pair kernels), built from scratch.
# Code: c8505ec.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run137.sh, run from the repository root)
F=$OUT
rm -rf build-gpu build-old build-li /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=540 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build racecheck > "$F/run.txt" 2>&1
cp /tmp/gc/sanitizer.log "$F/" 2>/dev/null
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
