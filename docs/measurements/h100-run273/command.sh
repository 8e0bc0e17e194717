#!/usr/bin/env bash
# Run 273: spgemm_bench options on the model's 3D 7-point and 2D 5-point level 0 (A*P, P^T*(AP) and
# the others), two rounds each, looking for a rule gone stale: default, --kernels pairs,
# --kernels pairs --passes one, --passes two, --candidates exact, --b-lookup columns, --b-lookup rows.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
[ -x build-gpu/apps/spgemm_bench ] || { cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 16 --target spgemm_bench > /tmp/build.log 2>&1; echo "build rc=$?"; }
opts=("" "--kernels pairs" "--kernels pairs --passes one" "--passes two" "--candidates exact" "--b-lookup columns" "--b-lookup rows")
for r in 1 2; do for i in "${!opts[@]}"; do
  echo "### round $r: ${opts[$i]:-default}"
  timeout 60 build-gpu/apps/spgemm_bench --problem 3d7 --problem 2d5 --levels 1 ${opts[$i]} 2>&1 | grep -E "level 0" | grep -v sym | awk '{printf "%s %s %s | ", $1, $4, $(NF-4)} END {print ""}'
done; done > "$F/options.txt"
cat "$F/options.txt" | sed 's/level//g' | cut -c1-400
