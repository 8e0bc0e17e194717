#!/usr/bin/env bash
# Run 291: branch next/diag-group. The one pass's diagonal candidates on the side stream with
# AMG_DIAG_GROUP (4 or 8) half-warps each, the others by the looping units, against the default in the
# same binary: build, ctest -L gpu (default), test_gpu_spgemm and memcheck under AMG_DIAG_GROUP, two
# rounds of the bench rotating the three settings.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build tests > /tmp/checks_run.txt 2>&1
echo "build+tests $((SECONDS - t0)) s"; tail -2 /tmp/checks_run.txt; grep -E "tests passed|Failed" /tmp/gc/tests.log | head -3
T=build-gpu/tests/test_gpu_spgemm
for g in 4 8; do AMG_DIAG_GROUP=$g timeout 120 $T > /tmp/t$g.log 2>&1; echo "test_gpu_spgemm AMG_DIAG_GROUP=$g rc=$? $(tail -1 /tmp/t$g.log)"; done
AMG_DIAG_GROUP=4 timeout 200 compute-sanitizer --tool memcheck --error-exitcode 99 $T > /tmp/memcheck.log 2>&1; echo "memcheck rc=$? $((SECONDS - t0)) s"
grep -hE "ERROR SUMMARY" /tmp/memcheck.log | sort | uniq -c
(tail -c 3000 /tmp/checks_run.txt; tail -c 3000 /tmp/t4.log; tail -c 3000 /tmp/t8.log; tail -c 5000 /tmp/memcheck.log) > "$F/checks.txt"
for r in 1 2; do for g in $([ $r = 1 ] && echo 0 4 8 || echo 8 4 0); do
  if [ $g = 0 ]; then timeout 60 build-gpu/apps/spgemm_bench > /tmp/b.log 2>&1; else AMG_DIAG_GROUP=$g timeout 60 build-gpu/apps/spgemm_bench > /tmp/b.log 2>&1; fi
  cat /tmp/b.log >> "$F/bench_g$g.log"
  grep -E "^  (2d5|2d9|3d7|3d27)-[0-9]+ level 0  (P\^T\*\(AP\)|\(P\^T A\)\*P)" /tmp/b.log | awk -v t="g$g r$r" '{s=($5=="sym")?" sym":""; print t, $1, $4 s, (s==""?$6:$7)}'
  grep -E "^3d7-101 +0 order pt_ap" /tmp/b.log | awk -v t="g$g r$r" '{s = ($5 == "sym") ? "_sym" : ""; printf "%s %s pt_ap%s %s/%s=%s\n", t, $1, s, $(NF-14), $(NF-10), $(NF-6)}'
done; done; echo "all done $((SECONDS - t0)) s"
