#!/usr/bin/env bash
# Run 352 (2026-12-07, H100, tree of 6d34866): racecheck of test_gpu_aggregate alone
# (over 150 s under racecheck); builds first where build-gpu/ is missing, as on a fresh machine.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
[ -x build-gpu/tests/test_gpu_aggregate ] || OUT=$OUT scripts/gpu_check.sh build > "$OUT/build_b.txt" 2>&1
AMG_TEST_QUICK=1 timeout 500 compute-sanitizer --tool racecheck --kernel-name-exclude kns=cusparse --error-exitcode 99 build-gpu/tests/test_gpu_aggregate > "$OUT/racecheck_aggregate.log" 2>&1
echo "racecheck test_gpu_aggregate rc=$? ($((SECONDS - t0)) s)"
grep -E "RACECHECK SUMMARY" "$OUT/racecheck_aggregate.log"
nvidia-smi --query-gpu=name --format=csv,noheader
