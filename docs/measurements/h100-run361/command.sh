#!/usr/bin/env bash
# Run 361 (2026-12-07, the tree of run 359, the same warm H100): racecheck of every GPU test program but
# test_gpu_spgemm (run 359 took it in 13 parts),
# starting none after ${BUDGET:-420} s; builds first where build-gpu/ is missing (a fresh machine).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
[ -x build-gpu/tests/test_gpu_spgemm ] || OUT=$OUT scripts/gpu_check.sh build > /dev/null 2>&1
for t in test_gpu_formats test_gpu_spmv test_gpu_setup test_gpu_default_pool test_solve:gpu test_api_edges:gpu \
         test_gpu_coarse_solve test_gpu_aggregate; do
  if ((SECONDS - t0 > ${BUDGET:-420})); then echo "stopped before $t ($((SECONDS - t0)) s)"; break; fi
  t1=$SECONDS
  AMG_TEST_QUICK=1 timeout $((590 - (SECONDS - t0))) compute-sanitizer --tool racecheck --kernel-name-exclude kns=cusparse --error-exitcode 99 \
    build-gpu/tests/${t/:/ } > /tmp/mc.log 2>&1
  rc=$?
  { echo "=== racecheck $t rc=$rc"; cat /tmp/mc.log; } >> "$OUT/racecheck.log"
  echo "racecheck $t rc=$rc ($((SECONDS - t1)) s): $(grep -h 'RACECHECK SUMMARY' /tmp/mc.log)"
done
echo "all done $((SECONDS - t0)) s"
