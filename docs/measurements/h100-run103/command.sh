#!/usr/bin/env bash
# Run 103 (review fixes; GPU tests now fill new device allocations with 0xFF): build, ctest -L gpu, memcheck (all 7 GPU test programs), amg_solve --compare-orders cusparse --repeat 10 on 3D 27-point twice, amg_solve --repeat 10 on the four problems. Code 6eabdbb.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run103.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh memcheck >> "$F/run.txt" 2>&1
OUT=/tmp/gc scripts/gpu_check.sh solve >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log /tmp/gc/solve.log "$F/" 2>/dev/null
for round in 1 2; do
  timeout 60 build-gpu/apps/amg_solve --config configs/poisson3d_27pt.cfg --set output.verbose=false \
    --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
grep -E "converged|setup  +median" "$F/solve.log"
grep -E "sum \|" "$F/compare.log"
