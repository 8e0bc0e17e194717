#!/usr/bin/env bash
# Run 220: d21253e's code (branch next/one-list-batch; b171533's prefetch switch reverted): build, racecheck of
# test_gpu_spgemm on every kernel, then spgemm_bench --hierarchy and amg_solve on the four model configs.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."  # run from the repository root (was gpu_in/run220.sh)
set -uo pipefail
F=$OUT
t0=$SECONDS
OUT=$F STEP_TIMEOUT=470 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build racecheck > "$F/checks_run.txt" 2>&1
echo "build+racecheck $((SECONDS - t0)) s"; tail -3 "$F/checks_run.txt"; grep -h "RACECHECK SUMMARY" "$F/sanitizer.log"
mv "$F/build.log" "$F/build_first.log"
OUT=$F STEP_TIMEOUT=60 SOLVE_REPEAT=2 scripts/gpu_check.sh hierarchy solve > "$F/checks_run2.txt" 2>&1
echo "all $((SECONDS - t0)) s"; tail -5 "$F/checks_run2.txt"
grep -E "^ *(2d5|2d9|3d7|3d27)" "$F/hierarchy.log" | head -40
