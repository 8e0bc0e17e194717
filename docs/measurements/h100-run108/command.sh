#!/usr/bin/env bash
# Run 108 (final reread, working tree at 9cde1f6; the device's git log line is stale, its tree is the synced copy): build, ctest -L gpu, memcheck on all 7 GPU test programs after the exact-candidates change.
# Run from the repository root (it was passed to the device tool as one command line).
OUT2=$OUT; OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > $OUT2/run.txt 2>&1; OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh memcheck >> $OUT2/run.txt 2>&1; cp /tmp/gc/tests.log /tmp/gc/sanitizer.log $OUT2/; git log --oneline -1; grep -E ": (ok|FAILED)" $OUT2/run.txt; grep -E "tests passed" $OUT2/tests.log; grep -hE "ERROR SUMMARY" $OUT2/sanitizer.log | sort | uniq -c
