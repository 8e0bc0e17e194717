#!/usr/bin/env bash
# Run 156: racecheck on test_gpu_spgemm, 76f2ae9 (the build of run 155, brought up to date first).
# Code: 76f2ae9.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run156.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
OUT=/tmp/gc STEP_TIMEOUT=540 SANITIZE="build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh build racecheck > /tmp/gc_run.txt 2>&1
cat /tmp/gc_run.txt | tail -6
cp /tmp/gc/sanitizer.log "$F/" 2>/dev/null
grep -hE "SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
