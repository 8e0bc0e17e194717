#!/usr/bin/env bash
# Run 297: main's code (kernels as ade0202), checks only: ctest -L gpu and racecheck of every GPU test
# program in full (memcheck of all seven was clean in run 290 on the same kernels). Three calls, one per
# part, each within the device's 10 minutes: part 1 builds, runs ctest -L gpu and racecheck of formats,
# spmv, setup and coarse_solve; part 2 racecheck of aggregate and test_solve gpu; part 3 of spgemm.
# Each part rebuilds only if the machine was given back in between.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
part=${1:?part 1, 2 or 3}
t0=$SECONDS
b=build-gpu/tests
steps="racecheck"
[ "$part" = 1 ] && steps="build tests racecheck"
[ "$part" != 1 ] && [ ! -x $b/test_gpu_spgemm ] && steps="build racecheck"
case $part in
  1) list="$b/test_gpu_formats $b/test_gpu_spmv $b/test_gpu_setup $b/test_gpu_coarse_solve" ;;
  2) list="$b/test_gpu_aggregate $b/test_solve:gpu" ;;
  3) list="$b/test_gpu_spgemm" ;;
esac
OUT=$OUT STEP_TIMEOUT=${STEP_TIMEOUT:-290} SANITIZE="$list" scripts/gpu_check.sh $steps > "$OUT/part$part.txt" 2>&1
echo "part $part: $((SECONDS - t0)) s"
sed -n '/==== summary/,$p' "$OUT/part$part.txt"
grep -hE "RACECHECK SUMMARY|ERROR SUMMARY|all checks passed|tests passed" "$OUT/sanitizer.log" "$OUT/tests.log" 2>/dev/null | sort | uniq -c
