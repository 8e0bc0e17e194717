#!/usr/bin/env bash
# Run 93 (final code, f6dee8a): build, racecheck test_gpu_spgemm (run 92's stopped at its 300 s limit).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=530 SANITIZE="build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh racecheck >> "$F/run.txt" 2>&1
cp /tmp/gc/sanitizer.log "$F/" 2>/dev/null
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
