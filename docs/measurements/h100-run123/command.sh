#!/usr/bin/env bash
# Run 123: ncu source-level profile (SASS, stall samples) of the numeric row kernel's 464-slot instance on the 3D 7-point A^2 (a -lineinfo build).
# Code: 60100e2.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run123.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
cmake -S . -B build-li -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_FLAGS=-lineinfo > /dev/null && cmake --build build-li -j 16 --target spgemm_bench > "$F/build.log" 2>&1; echo "build rc=$?"
timeout 300 ncu --set full --import-source yes -k regex:^rows_kernel --launch-skip 1 --launch-count 1 -o /tmp/rows \
  build-li/apps/spgemm_bench --problem 3d7 --levels 1 --reps 1 > "$F/ncu.log" 2>&1; echo "ncu rc=$?"
ncu -i /tmp/rows.ncu-rep --page source --csv --print-source sass > "$F/source_sass.csv" 2> "$F/source.err"; echo "sass rc=$?"
ncu -i /tmp/rows.ncu-rep --page source --csv --print-source cuda > "$F/source_cuda.csv" 2>> "$F/source.err"; echo "cuda rc=$?"
ncu -i /tmp/rows.ncu-rep --page details > "$F/details.txt" 2>&1
ls -la "$F"; head -3 "$F/source_cuda.csv" | cut -c1-400
