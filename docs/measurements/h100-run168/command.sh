#!/usr/bin/env bash
# Run 168: ctest -L gpu and memcheck on all GPU test programs after the reread's grid helper (fmt_blocks_and_pointers; grids and PTX unchanged).
# Code: 59ea968.
cd "$(dirname "$0")/../../.."  # (was a one-line device command, run from the repository root)
if [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi; export CMAKE_PREFIX_PATH=/opt/deps/usr; rm -rf build-gpu /tmp/gc; OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests memcheck > $OUT/run.txt 2>&1; cp /tmp/gc/tests.log /tmp/gc/sanitizer.log $OUT/ 2>/dev/null; tail -10 $OUT/run.txt; grep -E "tests passed" $OUT/tests.log; grep -hE "ERROR SUMMARY" $OUT/sanitizer.log | sort | uniq -c
