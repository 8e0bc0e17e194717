#!/usr/bin/env bash
# Run 114: final tree checks: racecheck on test_gpu_spgemm and test_gpu_formats.
# Code: ffa5553 (the later commits change docs only; the device's git log line is stale, its tree is the synced copy). The machine was warm from run 112: build-gpu was current (build 1 s), and /tmp/gc's tests.log and sanitizer.log also hold run 112's entries.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run114.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=560 SANITIZE="build-gpu/tests/test_gpu_spgemm build-gpu/tests/test_gpu_formats" scripts/gpu_check.sh racecheck >> "$F/run.txt" 2>&1
cp /tmp/gc/sanitizer.log "$F/" 2>/dev/null
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -hE "RACECHECK SUMMARY" "$F/sanitizer.log" | sort | uniq -c
