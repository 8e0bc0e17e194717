#!/usr/bin/env bash
# Run 285: the one pass with a half-warp per candidate (group 1) against the default (a warp, group 2):
# the scratch copy of main from run 283 (gpu_in/exp2, not committed), where AMG_ONE_PASS_GROUP sets the
# half-warps per candidate of the one pass. 3D 7-point and 2D 5-point level 0, three rounds.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
cmake -S gpu_in/exp2 -B build-exp2 -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-exp2 -j 16 --target spgemm_bench > /tmp/b.log 2>&1 || { tail /tmp/b.log; exit 1; }
echo "built $((SECONDS - t0)) s"
for r in 1 2 3; do for g in def 1; do
  if [ $g = def ]; then unset AMG_ONE_PASS_GROUP; else export AMG_ONE_PASS_GROUP=$g; fi
  timeout 60 build-exp2/apps/spgemm_bench --problem 3d7 --problem 2d5 --levels 1 > "$F/bench_${g}_$r.log" 2>&1
  grep -E "^(3d7|2d5)-[0-9]+ +0 (P\^T\*\(AP\)|\(P\^T A\)\*P)" "$F/bench_${g}_$r.log" | awk -v t="g=$g r=$r" '{printf "%s %s %s %s %s\n", t, $1, $3, $4, $(NF-14)}'
done; done
echo "done $((SECONDS - t0)) s"
