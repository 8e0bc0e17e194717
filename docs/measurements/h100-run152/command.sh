#!/usr/bin/env bash
# Run 152: racecheck on test_gpu_spgemm with b7058f4's code (step 1's count and fill by lane groups sharing a warp's bitmap memory), the build of run 150 (same sources, built from scratch there; brought up to date here).
# Code: b7058f4.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run152.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=560 SANITIZE="build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh build racecheck > "$F/run.txt" 2>&1
cp /tmp/gc/sanitizer.log "$F/" 2>/dev/null
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
