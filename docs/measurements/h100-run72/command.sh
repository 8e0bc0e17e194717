#!/usr/bin/env bash
# Run 72: symmetric Galerkin products, measured: amg_solve --repeat 10 with amg.galerkin_symmetric true / false alternating (setup, Galerkin and solve), --compare-orders cusparse both ways, spgemm_bench (model, every level, with the "sym" rows), spgemm_bench --hierarchy --profile.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
b=build-gpu/apps
for round in 1 2; do
  for sym in true false; do
    for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
      echo "=== round $round sym $sym $c" >> "$F/solve.log"
      timeout 60 $b/amg_solve --config configs/$c.cfg --set output.verbose=false --set amg.galerkin_symmetric=$sym \
        --repeat 10 >> "$F/solve.log" 2>&1
    done
  done
done
for sym in true false; do
  for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
    echo "=== sym $sym $c" >> "$F/compare.log"
    timeout 60 $b/amg_solve --config configs/$c.cfg --set output.verbose=false --set amg.galerkin_symmetric=$sym \
      --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
  done
done
timeout 200 $b/spgemm_bench > "$F/spgemm.log" 2>&1
timeout 100 $b/spgemm_bench --hierarchy --profile > "$F/hierarchy.log" 2>&1
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "^===|converged after|^  (setup|solve) +median" "$F/solve.log" | head -60
grep -E "^===|^ +0 \||sum \|" "$F/compare.log" | head -40
grep -E " 0 (order|A\*P|P\^T\*\(AP\)|\(P\^T A\)\*P)" "$F/spgemm.log" | head -40
