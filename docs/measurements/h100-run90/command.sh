#!/usr/bin/env bash
# Run 90 (final code): products count with one atomic per block; build, ctest -L gpu, memcheck (all 7 GPU test programs), racecheck (test_gpu_spgemm, test_gpu_formats), amg_solve --compare-orders cusparse --repeat 10 (3D 27-point, twice) and --repeat 10 (3D 27-point).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh memcheck >> "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=330 SANITIZE="build-gpu/tests/test_gpu_spgemm build-gpu/tests/test_gpu_formats" scripts/gpu_check.sh racecheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
for round in 1 2; do
  echo "=== poisson3d_27pt new $round" >> "$F/compare.log"
  timeout 60 build-gpu/apps/amg_solve --config configs/poisson3d_27pt.cfg --set output.verbose=false \
    --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done
timeout 60 build-gpu/apps/amg_solve --config configs/poisson3d_27pt.cfg --set output.verbose=false --repeat 10 > "$F/solve.log" 2>&1
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
grep -E "^===|sum \|" "$F/compare.log" | awk '/===/{printf "%s %s %s ", $2,$3,$4; next}{gsub(/\|/," "); print $2,$4,$6,$8}'
sed -n '/Setup breakdown/,/setup total/p' "$F/solve.log"; grep -E "median|iterations" "$F/solve.log"
