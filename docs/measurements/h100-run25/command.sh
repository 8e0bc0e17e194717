#!/usr/bin/env bash
# Run 25: row kernel under AUTO, review fixes; tests, sanitizers, solve, benchmarks.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
export OUT_FINAL=$OUT
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_spgemm build-gpu/tests/test_gpu_aggregate" \
  STEP_TIMEOUT=200 scripts/gpu_check.sh build tests racecheck > "$OUT_FINAL/run.txt" 2>&1
OUT=/tmp/gc scripts/gpu_check.sh memcheck solve >> "$OUT_FINAL/run.txt" 2>&1
cp /tmp/gc/sanitizer.log /tmp/gc/solve.log /tmp/gc/tests.log "$OUT_FINAL/"
timeout 120 build-gpu/apps/spgemm_bench --hierarchy --profile > "$OUT_FINAL/hierarchy.log" 2>&1
timeout 150 build-gpu/apps/spgemm_bench > "$OUT_FINAL/spgemm.log" 2>&1
for c in poisson3d_27pt poisson3d_7pt; do
  timeout 100 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false --compare-orders cusparse \
    --repeat 10 > "$OUT_FINAL/compare_$c.log" 2>&1
done
grep -E ": (ok|FAILED)" "$OUT_FINAL/run.txt"
grep -hE "SUMMARY" "$OUT_FINAL/sanitizer.log" | sort | uniq -c
grep -E "converged after|median" "$OUT_FINAL/solve.log"
sed -n '/per-step breakdown/,$p' "$OUT_FINAL/hierarchy.log" | grep -E " 0 "
grep -E "A\^2|P\^T\(AP\)|order" "$OUT_FINAL/spgemm.log" | grep -E " 0 " | head -16
for c in poisson3d_27pt poisson3d_7pt; do echo "== $c"; tail -5 "$OUT_FINAL/compare_$c.log"; done
