#!/usr/bin/env bash
# Run 165: current figures of c57d868 (numeric pair kernels read their pairs from shared memory): spgemm_bench --profile (all levels, JSON); amg_solve --compare-orders cusparse --repeat 10 on the four problems (3D 27-point twice).
# Code: c57d868.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run165.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 16 --target spgemm_bench amg_solve > "$F/build.log" 2>&1 || { tail -20 "$F/build.log"; exit 1; }
timeout 200 build-gpu/apps/spgemm_bench --profile --json "$F/spgemm.json" > "$F/spgemm.log" 2>&1; echo "spgemm_bench rc=$?"
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt poisson3d_27pt; do
  echo "=== $c" >> "$F/compare.log"
  timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false \
    --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done
grep -E " level 0 " "$F/spgemm.log"
grep -E "^===|^  sum" "$F/compare.log"
