#!/usr/bin/env bash
# Run 164: the numeric pair and one-pass kernels read each chunk's pairs from shared memory (spgemm_share_pairs; the symbolic kernels keep their shuffles): ctest -L gpu, memcheck on all GPU test programs, racecheck on test_gpu_spgemm.
# Code: c57d868 (run from the working tree just before that commit, with the same source).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run164.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu /tmp/gc /tmp/gr
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
cp /tmp/gc/sanitizer.log "$F/memcheck.log"; cp /tmp/gc/tests.log "$F/tests.log"
OUT=/tmp/gr STEP_TIMEOUT=440 SANITIZE="build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh racecheck > "$F/racecheck_run.txt" 2>&1
cp /tmp/gr/sanitizer.log "$F/racecheck.log"
tail -10 "$F/checks_run.txt"; tail -3 "$F/racecheck_run.txt"
grep -E "tests passed|Failed" "$F/tests.log" | head -3
grep -hE "ERROR SUMMARY" "$F/memcheck.log" | sort | uniq -c; grep -hE "SUMMARY" "$F/racecheck.log" | sort | uniq -c
