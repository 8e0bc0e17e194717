#!/usr/bin/env bash
# Run 175: one pass chosen by a symmetric product's upper candidates (about half of all), as before the mirror went: ctest -L gpu; amg_solve --compare-orders cusparse --repeat 10 on the four problems; spgemm_bench (all levels).
# Code: the commit after 73ea449 (one pass chosen by the upper candidates).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run175.sh, run from the repository root)
F=$OUT
rm -rf build-gpu /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/checks_run.txt" 2>&1
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  echo "=== $c" >> "$F/compare.log"
  timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false \
    --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done
timeout 150 build-gpu/apps/spgemm_bench --json "$F/spgemm.json" > "$F/bench.log" 2>&1
tail -5 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8
grep -E "^===|^  sum|^    0 " "$F/compare.log"
grep -E " level 0 " "$F/bench.log"
grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 order" "$F/bench.log"
