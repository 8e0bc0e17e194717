#!/usr/bin/env bash
# Run 161: ctest -L gpu and memcheck on all GPU test programs after the reread's two commits (one lane-group prefix sum; the mirror's grid via fmt_blocks).
# Code: 7596ffc.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run161.sh, run from the repository root)
F=$OUT
rm -rf /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests memcheck > "$F/run.txt" 2>&1
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
cat "$F/run.txt"; grep -E "tests passed|Failed" /tmp/gc/tests.log | head -3
grep -hE "ERROR SUMMARY" "$F/sanitizer.log" | sort | uniq -c
