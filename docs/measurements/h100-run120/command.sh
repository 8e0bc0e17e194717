#!/usr/bin/env bash
# Run 120: racecheck on the session's final code (464 row slots): test_gpu_spgemm and test_gpu_formats.
# Code: 3565679 (the machine still held run 119's build, so the build step was a no-op; sanitizer.log also holds run 119's memcheck lines, as /tmp/gc was kept).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run120.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=450 SANITIZE="build-gpu/tests/test_gpu_spgemm build-gpu/tests/test_gpu_formats" scripts/gpu_check.sh build racecheck > "$F/run.txt" 2>&1
cp /tmp/gc/sanitizer.log "$F/" 2>/dev/null
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
