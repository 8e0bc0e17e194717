#!/usr/bin/env bash
# Run 113: final tree checks: build, ctest -L gpu, memcheck on all 7 GPU test programs.
# Code: ffa5553 (the later commits change docs only; the device's git log line is stale, its tree is the synced copy). The machine was warm from run 112: build-gpu was current (build 1 s), and /tmp/gc's tests.log and sanitizer.log also hold run 112's entries.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run113.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh memcheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
git log --oneline -1 2>/dev/null
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed" "$F/tests.log"
grep -hE "ERROR SUMMARY" "$F/sanitizer.log" | sort | uniq -c
