#!/usr/bin/env bash
# Run 20 (H100): near-null vector carried down the hierarchy (commit fd37dd5).
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
scripts/gpu_check.sh build tests memcheck solve > "$OUT/run.txt" 2>&1
SANITIZE="build-gpu/tests/test_gpu_aggregate build-gpu/tests/test_gpu_setup build-gpu/tests/test_solve:gpu" \
  OUT=/tmp/race scripts/gpu_check.sh racecheck >> "$OUT/run.txt" 2>&1
cp /tmp/race/sanitizer.log "$OUT/racecheck.log"
for c in poisson3d_27pt poisson2d_5pt; do
  build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false --compare-orders cusparse \
    > "$OUT/compare_$c.log" 2>&1
done
