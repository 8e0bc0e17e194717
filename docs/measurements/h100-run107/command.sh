#!/usr/bin/env bash
# Run 107 (code 64a44a9, the build of run 106 on the same machine): racecheck test_gpu_spgemm. sanitizer.log also holds run 106's memcheck lines (same machine, same log).
# Run from the repository root (it was passed to the device tool as one command line).
OUT2=$OUT; OUT=/tmp/gc STEP_TIMEOUT=570 SANITIZE="build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh racecheck > $OUT2/run.txt 2>&1; grep -E ": (ok|FAILED)" $OUT2/run.txt; grep -hE "RACECHECK SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c; cp /tmp/gc/sanitizer.log $OUT2/
