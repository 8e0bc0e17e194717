#!/usr/bin/env bash
# Run 359 (2026-12-07, tree of this session: the setup's empty-row / missing-diagonal messages, array
# Matrix Market matrices; no kernel changed): build, ctest -L gpu, one spgemm_bench round, then
# racecheck of test_gpu_spgemm part by part (K/13, as in run 299), from part ${FROM:-0}, starting no
# new part after ${BUDGET:-450} s. A second call (FROM=k, SKIP_BUILD=1) takes the rest.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
if [ -z "${SKIP_BUILD:-}" ] || [ ! -x build-gpu/tests/test_gpu_spgemm ]; then
  OUT=$OUT STEP_TIMEOUT=200 scripts/gpu_check.sh build tests > "$OUT/checks.txt" 2>&1
  tail -4 "$OUT/checks.txt"
  timeout 60 build-gpu/apps/spgemm_bench > "$OUT/bench1.log" 2>&1; echo "bench rc=$?"
  scripts/bench_targets.sh "$OUT/bench1.log" > "$OUT/targets1.txt" 2>&1; cat "$OUT/targets1.txt"
fi
for k in $(seq ${FROM:-0} 12); do
  if ((SECONDS - t0 > ${BUDGET:-450})); then echo "stopped before part $k/13 ($((SECONDS - t0)) s)"; break; fi
  t1=$SECONDS
  AMG_TEST_QUICK=1 timeout $((590 - (SECONDS - t0))) compute-sanitizer --tool racecheck --kernel-name-exclude kns=cusparse \
    --error-exitcode 99 build-gpu/tests/test_gpu_spgemm $k/13 > /tmp/rc.log 2>&1
  rc=$?
  { echo "=== racecheck test_gpu_spgemm $k/13 rc=$rc"; cat /tmp/rc.log; } >> "$OUT/racecheck${FROM:-0}.log"
  echo "racecheck test_gpu_spgemm $k/13 rc=$rc ($((SECONDS - t1)) s): $(grep -h 'RACECHECK SUMMARY' /tmp/rc.log)"
done
echo "all done $((SECONDS - t0)) s"
