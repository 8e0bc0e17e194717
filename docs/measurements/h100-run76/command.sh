#!/usr/bin/env bash
# Run 76: symbolic row kernel (step 2 by C tile rows) and two numeric row-kernel instances (256 / 512 slots): build, ctest -L gpu, memcheck (spgemm), spgemm_bench --hierarchy --profile, spgemm_bench (model), amg_solve --compare-orders cusparse.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=200 SANITIZE="build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh memcheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
b=build-gpu/apps
timeout 100 $b/spgemm_bench --hierarchy --profile > "$F/hierarchy.log" 2>&1
timeout 100 $b/spgemm_bench --profile --levels 1 > "$F/model_profile.log" 2>&1
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  echo "=== $c" >> "$F/compare.log"
  timeout 60 $b/amg_solve --config configs/$c.cfg --set output.verbose=false \
    --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done
timeout 150 $b/spgemm_bench > "$F/spgemm.log" 2>&1
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
grep -A80 "per-step" "$F/hierarchy.log" | grep -E " 0 (A\*P|P\^T\*\(AP\)) |lv op"
grep -A30 "per-step" "$F/model_profile.log" | grep -E "A\^2|A\*P|lv op"
grep -E "^===|^ +0 \||sum \|" "$F/compare.log" | awk '/===/{print; next}{print $1,$3,$8,$13,$18}'
grep -E " 0 +(A\^2|order pt_ap sym|order pta_p sym) " "$F/spgemm.log"
