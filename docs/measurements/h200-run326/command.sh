#!/usr/bin/env bash
# Run 326: after the final reread's mend of solve.c (host code, behaviour
# unchanged). Build; ctest -L gpu; memcheck of test_api_edges gpu (quick);
# racecheck of test_gpu_formats and test_api_edges gpu (quick), the programs
# over this session's .cu changes (host-side argument checks, no kernel).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
OUT=$OUT STEP_TIMEOUT=200 scripts/gpu_check.sh build tests > "$OUT/checks.txt" 2>&1
sed -n '/==== summary/,$p' "$OUT/checks.txt" | grep -v "^name\|^NVIDIA"
grep -E "tests passed" "$OUT/tests.log"
run() { # TOOL LIMIT PROGRAM [ARG]
  AMG_TEST_QUICK=1 timeout $2 compute-sanitizer --tool $1 --error-exitcode 99 build-gpu/tests/$3 ${4:-} \
    > "$OUT/$1_$3.log" 2>&1; echo "$1 $3 ${4:-} rc=$? ($((SECONDS - t0)) s)"
  grep -hE "ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/$1_$3.log"
}
run memcheck 120 test_api_edges gpu
run racecheck 120 test_gpu_formats
run racecheck $((580 - (SECONDS - t0))) test_api_edges gpu
echo "all done $((SECONDS - t0)) s"
