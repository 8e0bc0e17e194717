#!/usr/bin/env bash
# Run 34: measurements with the current code: in-setup Galerkin tile vs cusparse (medians of 10 setups, all four problems), spgemm_bench (the study's model, every level), spgemm_bench --hierarchy.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  echo "=== $c" >> "$F/compare.log"
  timeout 100 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false --compare-orders cusparse \
    --repeat 10 >> "$F/compare.log" 2>&1
done
timeout 200 build-gpu/apps/spgemm_bench > "$F/spgemm.log" 2>&1
timeout 120 build-gpu/apps/spgemm_bench --hierarchy > "$F/hierarchy.log" 2>&1
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "^===|^ +0 \||sum \|" "$F/compare.log"
grep -E " 0 (A\^2|P\^T\(AP\)|\(P\^T A\)P|csr->tile) " "$F/spgemm.log"
