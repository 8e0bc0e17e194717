#!/usr/bin/env bash
# Run 294: branch next/row-index at 2e825e0 (default settings: the row index off) against main ade0202
# (gpu_in/old): the symmetric one pass's diagonal tiles computed once per pair of entries. Build both,
# ctest -L gpu, memcheck of test_gpu_spgemm, racecheck of one_pass_kernel; three rounds of the bench
# alternating the builds; amg_solve with both.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench amg_solve > /tmp/build_old.log 2>&1; echo "old build rc=$?") &
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build tests > /tmp/checks_run.txt 2>&1
wait; echo "builds+tests $((SECONDS - t0)) s"; tail -2 /tmp/checks_run.txt; grep -E "tests passed|Failed" /tmp/gc/tests.log | head -4
T=build-gpu/tests/test_gpu_spgemm
timeout 200 compute-sanitizer --tool memcheck --error-exitcode 99 $T > /tmp/memcheck.log 2>&1; echo "memcheck rc=$? $((SECONDS - t0)) s"
timeout 240 compute-sanitizer --tool racecheck --kernel-regex "kns=one_pass_kernel" --error-exitcode 99 $T > /tmp/racecheck.log 2>&1; echo "racecheck rc=$? $((SECONDS - t0)) s"
grep -hE "ERROR SUMMARY|RACECHECK SUMMARY|all checks passed" /tmp/memcheck.log /tmp/racecheck.log | sort | uniq -c
(tail -c 3000 /tmp/checks_run.txt; tail -c 5000 /tmp/gc/tests.log; tail -c 3000 /tmp/memcheck.log; tail -c 3000 /tmp/racecheck.log) > "$F/checks.txt"
for r in 1 2 3; do for v in $([ $r = 2 ] && echo old gpu || echo gpu old); do
  timeout 60 build-$v/apps/spgemm_bench > /tmp/b.log 2>&1; cat /tmp/b.log >> "$F/bench_$v.log"
  grep -E "^  (2d5|2d9|3d7|3d27)-[0-9]+ level 0  (P\^T\*\(AP\)|\(P\^T A\)\*P|A\^2) +sym" /tmp/b.log | awk -v t="$v$r" '{print t, $1, $4, $7}'
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 order" /tmp/b.log | awk -v t="$v$r" '{s = ($5 == "sym") ? "_sym" : ""; printf "%s %s %s %s/%s=%s\n", t, $1, $4 s, $(NF-14), $(NF-10), $(NF-6)}'
  awk -v t="$v$r" '/^  .* level [1-9] / && !/^  2d[59]-1024 level 1 / {n++; x=$(NF-4); if (x+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s%s %s", $1, $3, $4, ($5=="sym"?"s":""), x)} END {print t " coarse (sym rows too) within 0.15 ms: " ok " of " n miss}' /tmp/b.log
done; done; echo "bench done $((SECONDS - t0)) s"
for v in gpu old; do for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do echo "=== $v $c"; timeout 60 build-$v/apps/amg_solve --config configs/$c.cfg --repeat 10; done; done > "$F/solve.log" 2>&1
grep -E "^=== |iterations|setup  +median|peak device" "$F/solve.log" | head -40
echo "all done $((SECONDS - t0)) s"
