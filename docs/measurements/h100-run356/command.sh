#!/usr/bin/env bash
# Run 356 (2026-12-07): run 355 found the --json of a run that measured nothing left behind (the exit
# handler read main's writer after main returned); the writer is now bench_common's own. Build, then
# ctest -L gpu.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
OUT=$OUT STEP_TIMEOUT=300 scripts/gpu_check.sh build tests
ctest --test-dir build-gpu -R test_bench_run -V >"$OUT/bench_run_verbose.log" 2>&1
grep -E "^[0-9]+: (ok|FAIL)" "$OUT/bench_run_verbose.log"
