#!/usr/bin/env bash
# Run 349 (asked for any card after three failed H100 tries; it ran on an H100): main's code at this
# session's start plus amg_solve's earlier input message and amg_coupled (a
# stored-zeros coarsest level), a device memory pool of its own. Build; ctest -L gpu; memcheck of
# test_api_edges gpu and test_gpu_aggregate, racecheck of test_gpu_aggregate; the four solves (--repeat 3); the README's
# main command with --repeat 10; spgemm_bench twice; a table of the targets.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
# Steps in order of need, since device time is short: whatever ran comes back.
OUT=$OUT STEP_TIMEOUT=240 SANITIZE="build-gpu/tests/test_api_edges:gpu build-gpu/tests/test_gpu_aggregate" \
  scripts/gpu_check.sh build tests memcheck > "$OUT/checks.txt" 2>&1; echo "gpu_check rc=$? ($((SECONDS - t0)) s)"
sed -n '/==== summary/,$p' "$OUT/checks.txt" | grep -v "^name"
grep -E "tests passed|Failed|Skipped" "$OUT/tests.log"
timeout 200 compute-sanitizer --tool racecheck --error-exitcode 99 build-gpu/tests/test_gpu_aggregate >> "$OUT/sanitizer.log" 2>&1
echo "racecheck test_gpu_aggregate rc=$? ($((SECONDS - t0)) s)"
grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/sanitizer.log"
timeout 120 build-gpu/apps/spgemm_bench > "$OUT/bench1.log" 2>&1; echo "spgemm_bench round 1 rc=$? ($((SECONDS - t0)) s)"
timeout 90 build-gpu/apps/amg_solve --config configs/poisson3d_27pt.cfg --repeat 10 > "$OUT/sample.log" 2>&1
echo "README sample rc=$? ($((SECONDS - t0)) s)"
OUT=$OUT STEP_TIMEOUT=240 SOLVE_REPEAT=3 scripts/gpu_check.sh solve >> "$OUT/checks.txt" 2>&1; echo "solves rc=$? ($((SECONDS - t0)) s)"
timeout 120 build-gpu/apps/spgemm_bench > "$OUT/bench2.log" 2>&1; echo "spgemm_bench round 2 rc=$? ($((SECONDS - t0)) s)"
grep -hE "converged after" "$OUT/solve.log" "$OUT/sample.log"
grep -E "median" "$OUT/sample.log"
for r in 1 2; do
  echo "== round $r: level 0, tile ms / cuSPARSE ms / speedup"
  awk -F'|' '/^[23]d[0-9]+-[0-9]+ +0 /{ if ($1 ~ /order|A\^2|csr->/) { split($2,t," "); split($3,c," "); printf "%-44s %7s %7s  %s\n", substr($1,1,44), t[1], c[1], $4 } }' "$OUT/bench$r.log"
  awk -F'|' '/^[23]d[0-9]+-[0-9]+ +[0-9]+ /{ split($1,a," "); if (a[2]>=1 && !(a[1] ~ /^2d/ && a[2]==1) && $1 !~ /order|csr->|A\^2/) { n++; split($2,t," "); if (t[1]<=0.15) ok++; else print "  coarse miss:", $1, t[1] } } END { print "  coarse products within 0.15 ms: " ok " of " n }' "$OUT/bench$r.log"
done
echo "all done $((SECONDS - t0)) s"
