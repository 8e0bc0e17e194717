#!/usr/bin/env bash
# Run 202: c73fbb1 (row-kernel windows) against fc27217 (gpu_in/old): build, ctest -L gpu, memcheck of
# test_gpu_spgemm and test_gpu_setup; amg_solve --compare-orders cusparse --repeat 10 on the 3D problems,
# new and old; spgemm_bench 3D 7-point level 0 with B's tiles looked up in its tile rows (a probe).
# Code: c73fbb1; old: fc27217, as gpu_in/old (git archive).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run202.sh, run from the repository root)
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-old /tmp/gc
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target amg_solve > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE="build-gpu/tests/test_gpu_spgemm build-gpu/tests/test_gpu_setup" scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; cat /tmp/old_rc
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
for round in 1 2; do for v in gpu old; do for c in poisson3d_7pt poisson3d_27pt; do
  echo "=== $v $c round $round" >> "$F/compare.log"
  timeout 60 build-$v/apps/amg_solve --config configs/$c.cfg --set output.verbose=false \
    --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done; done; done
for l in auto rows; do timeout 60 build-gpu/apps/spgemm_bench --problem 3d7 --levels 1 --b-lookup $l > "/tmp/l_$l.log" 2>&1; done
for l in auto rows; do echo "=== b-lookup $l"; cat /tmp/l_$l.log; done > "$F/lookup.log"
tail -8 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
grep -E "^===|^  sum|^    0 \|" "$F/compare.log"
grep -E "^===|level 0  A\^2" "$F/lookup.log"
