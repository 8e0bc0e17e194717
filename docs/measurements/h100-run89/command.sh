#!/usr/bin/env bash
# Run 89: A*P and (P^T A)*P read P's tile-column order from R = P^T (fmt_tile_columns_from_transpose) instead of sorting it; build, ctest -L gpu, amg_solve --compare-orders cusparse --repeat 10 (twice per problem), amg_solve --repeat 10.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
cp /tmp/gc/tests.log "$F/" 2>/dev/null
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  for round in 1 2; do
    echo "=== $c new $round" >> "$F/compare.log"
    timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false \
      --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
  done
  echo "=== $c" >> "$F/solve.log"
  timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false --repeat 10 >> "$F/solve.log" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -E "^===|sum \|" "$F/compare.log" | awk '/===/{printf "%s %s %s ", $2,$3,$4; next}{gsub(/\|/," "); print $2,$4,$6,$8}'
grep -E "^===|^  (setup|solve) +median|iterations|^    0 " "$F/solve.log" | cut -c1-120
