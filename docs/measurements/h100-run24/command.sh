#!/usr/bin/env bash
# Run 24: row kernel for the numeric step.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
scripts/gpu_check.sh build tests > "$OUT/run.txt" 2>&1
SANITIZE="build-gpu/tests/test_gpu_spgemm build-gpu/tests/test_gpu_setup" scripts/gpu_check.sh memcheck racecheck >> "$OUT/run.txt" 2>&1
timeout 200 build-gpu/apps/spgemm_bench --hierarchy --profile --problem 3d7 --problem 3d27 --problem 2d5 \
  > "$OUT/profile_rows.log" 2>&1
timeout 200 build-gpu/apps/spgemm_bench --hierarchy --profile --pairs-only --problem 3d7 --problem 3d27 --problem 2d5 \
  > "$OUT/profile_pairs.log" 2>&1
for c in poisson3d_27pt poisson3d_7pt; do
  timeout 120 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false --compare-orders cusparse \
    --repeat 10 > "$OUT/compare_$c.log" 2>&1
done
grep -E "ok|FAIL" "$OUT/run.txt" | grep -v "^===" | head -20
grep -E "SUMMARY" "$OUT/sanitizer.log" | sort | uniq -c
echo "== rows"; sed -n '/per-step breakdown/,$p' "$OUT/profile_rows.log" | grep -E " 0 | 1 "
echo "== pairs"; sed -n '/per-step breakdown/,$p' "$OUT/profile_pairs.log" | grep -E " 0 "
for c in poisson3d_27pt poisson3d_7pt; do echo "== $c"; tail -5 "$OUT/compare_$c.log"; done
