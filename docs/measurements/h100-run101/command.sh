#!/usr/bin/env bash
# Run 101 (per-level peak device memory): build, ctest -L gpu, memcheck test_gpu_setup, amg_solve --repeat 10 on the four problems, amg_solve --compare-orders cusparse --repeat 10 on 3D 27-point. Code f46f982; test_gpu_setup failed there on a test bug (the CPU-only check applied to two GPU setups), fixed in the next commit and rerun in run 102.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run101.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=200 SANITIZE="build-gpu/tests/test_gpu_setup" scripts/gpu_check.sh memcheck >> "$F/run.txt" 2>&1
OUT=/tmp/gc scripts/gpu_check.sh solve >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log /tmp/gc/solve.log "$F/" 2>/dev/null
timeout 60 build-gpu/apps/amg_solve --config configs/poisson3d_27pt.cfg --set output.verbose=false \
  --compare-orders cusparse --repeat 10 > "$F/compare.log" 2>&1
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
grep -E "peak|^ +[0-9] +[0-9.]+ +[0-9.]+|median" "$F/solve.log" | head -40
grep -E "sum \|" "$F/compare.log"
