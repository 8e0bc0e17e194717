#!/usr/bin/env bash
# Run 91 (3b62efe): the leftover list only where the pair kernel's grid exceeds 8 waves, blocks taking items as they finish (spgemm_grab); build, ctest -L gpu, spgemm_bench (model), --hierarchy --profile, amg_solve --compare-orders cusparse --repeat 10 (twice per problem).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
cp /tmp/gc/tests.log "$F/" 2>/dev/null
timeout 150 build-gpu/apps/spgemm_bench --json "$F/spgemm.json" > "$F/spgemm.log" 2>&1
echo "bench rc=$?"
timeout 100 build-gpu/apps/spgemm_bench --hierarchy --profile > "$F/hierarchy.log" 2>&1
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  for round in 1 2; do
    echo "=== $c new $round" >> "$F/compare.log"
    timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false \
      --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
  done
done
