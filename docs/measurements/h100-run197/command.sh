#!/usr/bin/env bash
# Run 197: racecheck of test_gpu_spgemm on the final reread's code, fresh machine.
# Code: ef9dc7f.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run197.sh, run from the repository root)
F=$OUT
rm -rf build-gpu /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=500 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build racecheck > "$F/checks_run.txt" 2>&1
grep -E "RACECHECK SUMMARY" /tmp/gc/sanitizer.log > "$F/racecheck_tail.log"
tail -4 "$F/checks_run.txt"; cat "$F/racecheck_tail.log"
