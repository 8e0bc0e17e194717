#!/usr/bin/env bash
# Run 94 (after the reread commits): build, ctest -L gpu, memcheck (all 7 GPU test programs), racecheck test_gpu_spgemm, amg_solve --compare-orders cusparse --repeat 10 on 3D 27-point.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh memcheck >> "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=450 SANITIZE="build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh racecheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
timeout 40 build-gpu/apps/amg_solve --config configs/poisson3d_27pt.cfg --set output.verbose=false \
  --compare-orders cusparse --repeat 10 > "$F/compare.log" 2>&1
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
grep -E "sum \|" "$F/compare.log"
