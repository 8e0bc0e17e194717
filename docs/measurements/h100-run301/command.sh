#!/usr/bin/env bash
# Run 301: branch next/flat (step 3 by intermediate products, spgemm.h's numeric_flat). Build, ctest -L gpu,
# three rounds of spgemm_bench alternating --flat off / on (same binary), then memcheck and racecheck of
# test_gpu_spgemm limited to flat_kernel (AMG_TEST_QUICK=1), both at once.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
OUT=$OUT STEP_TIMEOUT=200 scripts/gpu_check.sh build tests > "$OUT/checks.txt" 2>&1
echo "build+tests $((SECONDS - t0)) s"; sed -n '/==== summary/,$p' "$OUT/checks.txt" | tail -3
grep -hE "tests passed|Failed|FAIL" "$OUT/tests.log" | head -5
for r in 1 2 3; do for v in $([ $r = 2 ] && echo on off || echo off on); do
  timeout 90 build-gpu/apps/spgemm_bench --flat $v > /tmp/b.log 2>&1; echo "bench rc=$? flat=$v"; cat /tmp/b.log >> "$OUT/bench_$v.log"
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 order" /tmp/b.log | awk -v t="$v$r" '{s = ($5 == "sym") ? "_sym" : ""; printf "%s %s %s %s/%s=%s\n", t, $1, $4 s, $(NF-14), $(NF-10), $(NF-6)}' | grep -v sym
  grep -E "^  (2d5|2d9|3d7|3d27)-[0-9]+ level 0  (A\*P|P\^T\*A|A\^2) " /tmp/b.log | grep -v " sym " | awk -v t="$v$r" '{print t, $1, $4, $6, $9}'
  awk -v t="$v$r" '/^  .* level [1-9] / && !/^  2d[59]-1024 level 1 / {n++; x=$(NF-4); if (x+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s%s %s", $1, $3, $4, ($5=="sym"?"s":""), x)} END {print t " coarse within 0.15 ms: " ok " of " n miss}' /tmp/b.log
done; done
echo "bench done $((SECONDS - t0)) s"
T=build-gpu/tests/test_gpu_spgemm
(AMG_TEST_QUICK=1 timeout 330 compute-sanitizer --tool memcheck --kernel-name kns=flat_kernel --error-exitcode 99 $T > "$OUT/memcheck.log" 2>&1; echo "memcheck rc=$?") &
(AMG_TEST_QUICK=1 timeout 330 compute-sanitizer --tool racecheck --kernel-name kns=flat_kernel --error-exitcode 99 $T > "$OUT/racecheck.log" 2>&1; echo "racecheck rc=$?") &
wait
echo "sanitizers done $((SECONDS - t0)) s"
grep -hE "ERROR SUMMARY|RACECHECK SUMMARY|all checks passed|FAIL" "$OUT/memcheck.log" "$OUT/racecheck.log" | sort | uniq -c | head
