#!/usr/bin/env bash
# Run 85 (final code): build, ctest -L gpu, memcheck (all 7 GPU test programs), racecheck (spgemm), amg_solve --repeat 10 and --compare-orders cusparse --repeat 10 on the four problems, spgemm_bench (model, all levels).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh memcheck >> "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=330 SANITIZE="build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh racecheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
b=build-gpu/apps
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  echo "=== $c" >> "$F/solve.log"
  timeout 60 $b/amg_solve --config configs/$c.cfg --set output.verbose=false --repeat 10 >> "$F/solve.log" 2>&1
  echo "=== $c" >> "$F/compare.log"
  timeout 60 $b/amg_solve --config configs/$c.cfg --set output.verbose=false \
    --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done
timeout 150 $b/spgemm_bench --json "$F/spgemm.json" > "$F/spgemm.log" 2>&1
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
grep -E "^===|^  (setup|solve) +median|iterations" "$F/solve.log"
grep -E "^===|sum \|" "$F/compare.log" | awk '/===/{print; next}{print $1,$3,$8,$13,$18}'
grep -E " 0 +(A\^2|order pt_ap sym|order pta_p sym|order pt_ap|order pta_p) " "$F/spgemm.log" | cut -c1-130
