#!/usr/bin/env bash
# Run 279: branch next/chain (the Galerkin product as one chain of two products, the second's count
# before the first's step 3) against main (gpu_in/old, 3f889a3): build both, ctest -L gpu, memcheck
# of test_gpu_spgemm, racecheck (quick), then one whole default bench of the new code (all levels).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?") &
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*|CHECK" /tmp/gc/tests.log | head -8
grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
timeout 100 env AMG_TEST_QUICK=1 compute-sanitizer --tool racecheck --kernel-regex "kns=count_kernel|block_rows_kernel|read_back_kernel" --error-exitcode 99 \
  build-gpu/tests/test_gpu_spgemm > "$F/racecheck.log" 2>&1; echo "racecheck rc=$? $((SECONDS - t0)) s"
grep -hE "RACECHECK SUMMARY|ERROR SUMMARY" "$F/racecheck.log" | sort | uniq -c
timeout 150 build-gpu/apps/spgemm_bench --json "$F/spgemm.json" > "$F/bench.log" 2>&1; echo "bench rc=$? $((SECONDS - t0)) s"
awk '/^  .* level [1-9] / && !/sym/ && !/galerkin/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s %s", $1, $3, $4, t)} END {print "coarse within 0.15 ms: " ok " of " n miss}' "$F/bench.log"
grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 (order|galerkin) " "$F/bench.log" | cut -c1-150
