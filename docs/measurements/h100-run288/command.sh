#!/usr/bin/env bash
# Run 288: branch next/walk-rows. Step 3 by lane walks (walk_rows_kernel) under AMG_WALK=1 (10 blocks per
# multiprocessor) or 2 (12), against the default in the same binary. Build, ctest -L gpu (default path),
# test_gpu_spgemm under each AMG_WALK, memcheck and racecheck under AMG_WALK=1, three rounds of the bench
# (default, 1, 2 rotating), then a profile of 3D 7-point level 0 under each.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build tests > /tmp/checks_run.txt 2>&1
echo "build+tests $((SECONDS - t0)) s"; tail -2 /tmp/checks_run.txt; grep -E "tests passed|Failed" /tmp/gc/tests.log | head -4
T=build-gpu/tests/test_gpu_spgemm
for w in 1 2; do AMG_WALK=$w timeout 120 $T > /tmp/walk$w.log 2>&1; echo "test_gpu_spgemm AMG_WALK=$w rc=$? $(tail -1 /tmp/walk$w.log)"; done
AMG_WALK=1 timeout 200 compute-sanitizer --tool memcheck --error-exitcode 99 $T > /tmp/memcheck.log 2>&1; echo "memcheck rc=$? $((SECONDS - t0)) s"
grep -hE "ERROR SUMMARY" /tmp/memcheck.log | sort | uniq -c
AMG_WALK=1 timeout 200 compute-sanitizer --tool racecheck --kernel-name regex:walk_rows --error-exitcode 99 $T > /tmp/racecheck.log 2>&1; echo "racecheck rc=$? $((SECONDS - t0)) s"
grep -hE "RACECHECK SUMMARY" /tmp/racecheck.log | sort | uniq -c
tail -c 20000 /tmp/checks_run.txt > "$F/checks.txt"; cat /tmp/walk1.log /tmp/memcheck.log /tmp/racecheck.log | tail -c 200000 > "$F/sanitizers.txt"
for r in 1 2 3; do for w in $(case $r in 1) echo 0 1 2;; 2) echo 1 2 0;; 3) echo 2 0 1;; esac); do
  if [ $w = 0 ]; then timeout 60 build-gpu/apps/spgemm_bench > /tmp/b.log 2>&1; else AMG_WALK=$w timeout 60 build-gpu/apps/spgemm_bench > /tmp/b.log 2>&1; fi
  cat /tmp/b.log >> "$F/bench_w$w.log"
  grep -E "^  (2d5|2d9|3d7|3d27)-[0-9]+ level 0  (A\*P|A\^2) " /tmp/b.log | awk -v t="w$w r$r" '{print t, $1, $4, $6, $9}'
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 order pt_ap " /tmp/b.log | awk -v t="w$w r$r" '{printf "%s %s pt_ap %s/%s=%s\n", t, $1, $(NF-14), $(NF-10), $(NF-6)}'
done; done; echo "bench done $((SECONDS - t0)) s"
timeout 60 build-gpu/apps/spgemm_bench --problem 3d7 --levels 1 --profile > /tmp/p0.log 2>&1
AMG_WALK=1 timeout 60 build-gpu/apps/spgemm_bench --problem 3d7 --levels 1 --profile > /tmp/p1.log 2>&1
for w in 0 1; do cat /tmp/p$w.log >> "$F/profile.log"; grep -E "A\*P" /tmp/p$w.log | head -4 | sed "s/^/w$w /"; done
echo "all done $((SECONDS - t0)) s"
