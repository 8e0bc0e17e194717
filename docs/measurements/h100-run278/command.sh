#!/usr/bin/env bash
# Run 278: branch next/dot-reuse (the dot kernel's pair search through spgemm_chunk_pairs, the packed
# tile_nnz helpers) against main (gpu_in/old): build, ctest -L gpu, memcheck of test_gpu_spgemm,
# racecheck of the dot and numeric pair kernels; 3D 7-point and 3D 27-point with --dot on (every
# product the dot kernel can take, C built in place included) and default, two rounds, alternating.
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
timeout 150 env AMG_TEST_QUICK=1 compute-sanitizer --tool racecheck --kernel-regex "kns=dot_kernel|numeric_kernel" \
  --error-exitcode 99 build-gpu/tests/test_gpu_spgemm > "$F/racecheck.log" 2>&1; echo "racecheck rc=$? $((SECONDS - t0)) s"
grep -hE "RACECHECK SUMMARY|ERROR SUMMARY" "$F/racecheck.log" | sort | uniq -c
for r in 1 2; do for v in $([ $r = 2 ] && echo old gpu || echo gpu old); do for d in on auto; do
  timeout 60 build-$v/apps/spgemm_bench --problem 3d7 --problem 3d27 --levels 2 --dot $d 2>&1 | grep -E "level [01] +(A\*P|P\^T\*A) " | awk '{printf "%s/%s/%s %s | ", $1, $3, $4, $(NF-4)} END {print ""}' > "/tmp/b_${v}_${d}_$r"
done; done; done
for f in /tmp/b_*; do echo "$(basename $f): $(cat $f)"; done | tee "$F/bench.txt"
