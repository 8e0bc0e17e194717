#!/usr/bin/env bash
# Run 146: racecheck on test_gpu_spgemm and test_gpu_formats after the reread's refactor (run 145's code), built from scratch.
# Code: 12eac1c.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run146.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu build-old build-v4 build-li /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=500 SANITIZE="build-gpu/tests/test_gpu_formats build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh build racecheck > "$F/run.txt" 2>&1
cp /tmp/gc/sanitizer.log "$F/" 2>/dev/null
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
