#!/usr/bin/env bash
# Run 100 (code 7183735, the build of run 99 on the same machine): racecheck test_gpu_spgemm. (sanitizer.log also holds run 99's memcheck summaries: same machine, same log)
cd "$(dirname "$0")/../../.."  # (was gpu_in/run100.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=570 SANITIZE="build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh racecheck > "$F/run.txt" 2>&1
cp /tmp/gc/sanitizer.log "$F/" 2>/dev/null
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
