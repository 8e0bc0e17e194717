#!/usr/bin/env bash
# Run 194: the two coarse products over 0.15 ms (3D level-1 P^T*A of the model): spgemm_bench --problem 3d7 --problem 3d27 --levels 2 under each kernel option (default twice, --passes two/one, --candidates exact/layout, --b-lookup columns/rows, --kernels pairs/rows), then --profile on the default.
# Code: 1f24912.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run194.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
(cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 16 --target spgemm_bench) > "$F/build.log" 2>&1 || { tail -20 "$F/build.log"; exit 1; }
B="build-gpu/apps/spgemm_bench --problem 3d7 --problem 3d27 --levels 2"
i=0
for opt in "" "" "--passes two" "--passes one" "--candidates exact" "--candidates layout" "--b-lookup columns" "--b-lookup rows" "--kernels pairs" "--kernels rows"; do
  i=$((i+1)); echo "=== $i $opt" >> "$F/bench.log"
  timeout 120 $B $opt 2>&1 | grep -E "level 1  " >> "$F/bench.log"
done
timeout 120 $B --profile > "$F/profile.log" 2>&1
grep -E "^===|P\^T\*A  " "$F/bench.log"
grep -E "step|^3d" "$F/profile.log" | grep -E "step|  1 " | head -20
