#!/usr/bin/env bash
# Run 203: racecheck of test_gpu_spgemm, on the same warm machine right after run 202, with run 202's
# build-gpu (c73fbb1's tree).
# Code: c73fbb1.
cd "$(dirname "$0")/../../.."  # (was the run command itself, from the repository root)
set -o pipefail; export CMAKE_PREFIX_PATH=/opt/deps/usr; ls build-gpu/tests/test_gpu_spgemm && git log --oneline -1 2>/dev/null; t0=$SECONDS; AMG_TEST_QUICK=1 timeout 560 compute-sanitizer --tool racecheck --kernel-regex-exclude kns=cusparse --error-exitcode 99 build-gpu/tests/test_gpu_spgemm > $OUT/racecheck.log 2>&1; echo "racecheck rc=$? ($((SECONDS - t0)) s)"; tail -3 $OUT/racecheck.log
