#!/usr/bin/env bash
# Run 176: reread of the symmetric-product change (one helper for the computed-tiles estimate, one for a tile's 16 masks in registers, the compaction's idx loop as before): ctest -L gpu, memcheck test_gpu_spgemm; spgemm_bench level 0.
# Code: 4ed7bbf.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run176.sh, run from the repository root)
F=$OUT
rm -rf build-gpu /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
timeout 150 build-gpu/apps/spgemm_bench --levels 1 > "$F/bench.log" 2>&1
tail -6 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
grep -E " level 0 " "$F/bench.log"
