#!/usr/bin/env bash
# Run 178: the in-place path with its work counter allocated: ctest -L gpu, memcheck test_gpu_spgemm; ncu sections (SpeedOfLight, WarpStateStats, MemoryWorkloadAnalysis, Occupancy) of finish_kernel in 3D 7-point A^2.
# Code: 7d80f1f without the whole-warp shuffles (finish_kernel with half-warp member masks).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run178.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
timeout 120 ncu --profile-from-start off --section SpeedOfLight --section WarpStateStats --section MemoryWorkloadAnalysis --section Occupancy -k regex:"finish_kernel|compact_kernel" \
  build-gpu/apps/spgemm_bench --problem 3d7 --levels 1 --reps 1 --ncu-op 'A^2' --ncu-level 0 > "$F/ncu_finish.txt" 2>&1
tail -6 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
grep -E "finish_kernel|compact_kernel|Duration|Throughput|Stall|Issue|Warp Cycles|Achieved Occ|Registers|L1/TEX Hit|L2 Hit|Mem Busy|Max Bandwidth|Eligible" "$F/ncu_finish.txt" | head -60
