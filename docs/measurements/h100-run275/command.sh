#!/usr/bin/env bash
# Run 275: the second product (P^T A)*P (B = P, B^T = R at hand) in two passes with the dot kernel,
# against one pass: the model (3D 7-point, 2D 5-point, 3D 27-point, level 0-1) and the SA hierarchy,
# `--passes two` (AUTO dot), `--passes two --dot off`, default; two rounds.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
[ -x build-gpu/apps/spgemm_bench ] || { cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 16 --target spgemm_bench > /tmp/build.log 2>&1; echo "build rc=$?"; }
opts=("" "--passes two" "--passes two --dot off" "--passes two --dot on")
for r in 1 2; do for i in "${!opts[@]}"; do
  echo "### round $r: ${opts[$i]:-default}"
  timeout 60 build-gpu/apps/spgemm_bench --problem 3d7 --problem 2d5 --problem 3d27 --levels 2 ${opts[$i]} 2>&1 | grep -E "level [01] +\(P\^T A\)\*P " | awk '{printf "%s/%s %s | ", $1, $3, $(NF-4)} END {print ""}'
  timeout 100 build-gpu/apps/spgemm_bench --hierarchy --levels 2 ${opts[$i]} 2>&1 | grep -E "level [01] +\(P\^T A\)\*P " | awk '{printf "%s/%s %s | ", $1, $3, $(NF-4)} END {print ""}'
done; done > "$F/second.txt"
cat "$F/second.txt"
