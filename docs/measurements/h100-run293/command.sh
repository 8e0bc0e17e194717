#!/usr/bin/env bash
# Run 293: branch next/row-index. The one pass's row index (AMG_ROW_INDEX=1: each candidate reads its
# pairs from a per-A-tile bitmask over its tile row's candidates, tile_row_index.cu) against the search,
# same binary: build, ctest -L gpu (default), test_gpu_spgemm + memcheck + racecheck under the index,
# three rounds of the bench alternating the two, amg_solve under both.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build tests > /tmp/checks_run.txt 2>&1
echo "build+tests $((SECONDS - t0)) s"; tail -3 /tmp/checks_run.txt; grep -E "tests passed|Failed" /tmp/gc/tests.log | head -3
T=build-gpu/tests/test_gpu_spgemm
AMG_ROW_INDEX=1 timeout 120 $T > /tmp/t1.log 2>&1; echo "test_gpu_spgemm AMG_ROW_INDEX=1 rc=$? $(tail -1 /tmp/t1.log)"
AMG_ROW_INDEX=1 timeout 200 compute-sanitizer --tool memcheck --error-exitcode 99 $T > /tmp/memcheck.log 2>&1; echo "memcheck rc=$? $((SECONDS - t0)) s"
AMG_ROW_INDEX=1 timeout 200 compute-sanitizer --tool racecheck --kernel-regex "kns=one_pass_kernel|row_index_kernel" --error-exitcode 99 $T > /tmp/racecheck.log 2>&1; echo "racecheck rc=$? $((SECONDS - t0)) s"
grep -hE "ERROR SUMMARY|RACECHECK SUMMARY" /tmp/memcheck.log /tmp/racecheck.log | sort | uniq -c
(tail -c 3000 /tmp/checks_run.txt; tail -c 3000 /tmp/t1.log; tail -c 3000 /tmp/memcheck.log; tail -c 3000 /tmp/racecheck.log) > "$F/checks.txt"
for r in 1 2 3; do for v in $([ $r = 2 ] && echo 1 0 || echo 0 1); do
  AMG_ROW_INDEX=$v timeout 60 build-gpu/apps/spgemm_bench > /tmp/b.log 2>&1; cat /tmp/b.log >> "$F/bench_i$v.log"
  grep -E "^  (2d5|2d9|3d7|3d27)-[0-9]+ level 0  (P\^T\*\(AP\)|\(P\^T A\)\*P)" /tmp/b.log | awk -v t="i$v r$r" '{s=($5=="sym")?" sym":""; print t, $1, $4 s, (s==""?$6:$7)}'
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 order" /tmp/b.log | awk -v t="i$v r$r" '{s = ($5 == "sym") ? "_sym" : ""; printf "%s %s %s %s/%s=%s\n", t, $1, $4 s, $(NF-14), $(NF-10), $(NF-6)}'
  awk -v t="i$v r$r" '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; x=$(NF-4); if (x+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s %s", $1, $3, $4, x)} END {print t " coarse within 0.15 ms: " ok " of " n miss}' /tmp/b.log
done; done; echo "bench done $((SECONDS - t0)) s"
for v in 0 1; do for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do echo "=== i$v $c"; AMG_ROW_INDEX=$v timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --repeat 10; done; done > "$F/solve.log" 2>&1
grep -E "^=== |iterations|setup  +median|peak device" "$F/solve.log" | head -40
echo "all done $((SECONDS - t0)) s"
