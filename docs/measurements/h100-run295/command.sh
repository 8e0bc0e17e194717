#!/usr/bin/env bash
# Run 295: branch next/ldg against main ade0202 (gpu_in/old): the numeric kernels' loads of A's and B's values and
# tile metadata through the read-only path (__ldg). Build both, ctest -L gpu, memcheck of test_gpu_spgemm;
# three rounds of the bench alternating the builds.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?") &
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build tests > /tmp/checks_run.txt 2>&1
wait; echo "builds+tests $((SECONDS - t0)) s"; tail -2 /tmp/checks_run.txt; grep -E "tests passed|Failed" /tmp/gc/tests.log | head -4
T=build-gpu/tests/test_gpu_spgemm
timeout 200 compute-sanitizer --tool memcheck --error-exitcode 99 $T > /tmp/memcheck.log 2>&1; echo "memcheck rc=$? $((SECONDS - t0)) s"
for r in 1 2 3; do for v in $([ $r = 2 ] && echo old gpu || echo gpu old); do
  timeout 60 build-$v/apps/spgemm_bench > /tmp/b.log 2>&1; cat /tmp/b.log >> "$F/bench_$v.log"
  grep -E "^  (2d5|2d9|3d7|3d27)-[0-9]+ level 0 " /tmp/b.log | sed -E "s/^  (\S+) level 0  (.+) tile ([0-9.]+) ms.*/$v$r \1 \2 \3/; s/ +/ /g"
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 order" /tmp/b.log | awk -v t="$v$r" '{s = ($5 == "sym") ? "_sym" : ""; printf "%s %s %s %s/%s=%s\n", t, $1, $4 s, $(NF-14), $(NF-10), $(NF-6)}'
  awk -v t="$v$r" '/^  .* level [1-9] / && !/^  2d[59]-1024 level 1 / {n++; x=$(NF-4); if (x+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s%s %s", $1, $3, $4, ($5=="sym"?"s":""), x)} END {print t " coarse (sym rows too) within 0.15 ms: " ok " of " n miss}' /tmp/b.log
done; done; echo "bench done $((SECONDS - t0)) s"
echo "all done $((SECONDS - t0)) s"
