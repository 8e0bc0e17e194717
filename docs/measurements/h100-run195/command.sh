#!/usr/bin/env bash
# Run 195: the cheaper aggregate numbering (no tile graph, no second MIS-2; levels of 2^18 rows or more): clean build, ctest -L gpu, memcheck and racecheck of test_gpu_aggregate, memcheck of test_gpu_setup; amg_solve --repeat 10 tiles / roots alternating, two rounds each, and --compare-orders cusparse --repeat 10 for both, on the four problems.
# Code: 1a78c73 (aggregate_numbering_cheap_not_kept.diff on 6f31f8b; reset afterwards, so not in the history).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run195.sh, run from the repository root)
F=$OUT
rm -rf build-gpu /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE="build-gpu/tests/test_gpu_aggregate build-gpu/tests/test_gpu_setup" scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE="build-gpu/tests/test_gpu_aggregate" scripts/gpu_check.sh racecheck >> "$F/checks_run.txt" 2>&1
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
for round in 1 2; do for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do for v in tiles roots; do
  echo "=== $round $c $v" >> "$F/solve.log"
  timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=true --set amg.aggregate_numbering=\"$v\" --repeat 10 2>&1 | grep -vE "^ +[0-9]+ +[0-9.]+e[-+][0-9]+ " >> "$F/solve.log"
done; done; done
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do for v in tiles roots; do
  echo "=== $c $v" >> "$F/compare.log"
  timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false --set amg.aggregate_numbering=\"$v\" --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done; done
grep -E "ok|FAILED" "$F/checks_run.txt" | grep -v "^name"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY|RACECHECK SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
grep -E "^===|^converged|  setup   " "$F/solve.log"
awk '/^=== /{v=$4; c=$3; r=$2} /^level  strength/{t=1; next} t && /^ +[0-9] /{if ($1 == 0) printf "%s %-6s %-16s L%s agg %s prol %s tr %s gal %s  sum %.3f\n", r, v, c, $1, $3, $5, $6, $7, $3+$5+$6+$7} /^$/{t=0}' "$F/solve.log"
grep -E "^===|^  sum" "$F/compare.log"
