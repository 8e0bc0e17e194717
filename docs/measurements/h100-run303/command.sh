#!/usr/bin/env bash
# Run 303: branch next/flat. The product kernel on the second Galerkin products, which run as one pass by
# default: spgemm_bench default, --passes two --flat off and --passes two --flat on (same binary), three
# rounds; level-0 second products and order totals.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 16 --target spgemm_bench > /tmp/build.log 2>&1; echo "build rc=$? $((SECONDS - t0)) s"
for r in 1 2 3; do for v in default twooff twoon; do
  case $v in default) args="" ;; twooff) args="--passes two --flat off" ;; twoon) args="--passes two --flat on" ;; esac
  timeout 90 build-gpu/apps/spgemm_bench $args > /tmp/b.log 2>&1; echo "bench rc=$? $v"; cat /tmp/b.log >> "$OUT/bench_$v.log"
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 order" /tmp/b.log | grep -v " sym " | awk -v t="$v$r" '{printf "%s %s %s %s/%s=%s\n", t, $1, $4, $(NF-14), $(NF-10), $(NF-6)}'
  grep -E "^  (2d5|2d9|3d7|3d27)-[0-9]+ level 0  (P\^T\*\(AP\)|\(P\^T A\)\*P) " /tmp/b.log | grep -v " sym " | awk -v t="$v$r" '{print t, $1, $4, $(NF-4), $(NF-1)}'
done; done
echo "all done $((SECONDS - t0)) s"
