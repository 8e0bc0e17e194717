#!/usr/bin/env bash
# Run 284: branch next/diag-first (the one pass's looping units take C's diagonal candidates first)
# against main (gpu_in/old): build both, ctest -L gpu, memcheck of test_gpu_spgemm, racecheck of the
# one-pass kernel; three rounds of the whole default bench, new and main alternating; amg_solve on the
# four configs (--repeat 10), new and main; the SA hierarchy (new).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench amg_solve > /tmp/build_old.log 2>&1; echo "old build rc=$?") &
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*|CHECK" /tmp/gc/tests.log | head -8
grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
timeout 120 env AMG_TEST_QUICK=1 compute-sanitizer --tool racecheck --kernel-regex "kns=one_pass_kernel" --error-exitcode 99 \
  build-gpu/tests/test_gpu_spgemm > "$F/racecheck.log" 2>&1; echo "racecheck rc=$? $((SECONDS - t0)) s"
grep -hE "RACECHECK SUMMARY|ERROR SUMMARY" "$F/racecheck.log" | sort | uniq -c
for r in 1 2 3; do for v in $([ $r = 2 ] && echo old gpu || echo gpu old); do
  timeout 100 build-$v/apps/spgemm_bench > "$F/bench_${v}_$r.log" 2>&1
done; done; echo "bench done $((SECONDS - t0)) s"
for v in gpu old; do for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do echo "=== $v $c"; timeout 60 build-$v/apps/amg_solve --config configs/$c.cfg --repeat 10; done; done > "$F/solve.log" 2>&1
echo "solves done $((SECONDS - t0)) s"
timeout 100 build-gpu/apps/spgemm_bench --hierarchy > "$F/hierarchy.log" 2>&1; echo "hierarchy rc=$? $((SECONDS - t0)) s"
for r in 1 2 3; do for v in gpu old; do
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 (P\^T\*\(AP\)|\(P\^T A\)\*P|order pt_ap|order pta_p)( sym)? " "$F/bench_${v}_$r.log" | awk -v t="$v$r" '{s = ($4 == "sym") ? " sym" : ""; op = ($3 == "order") ? $3 " " $4 s : $3 s; n = NF; printf "%s %s %-16s %s/%s=%s\n", t, $1, op, $(n-14), $(n-10), $(n-6)}'
  awk '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s %s", $1, $3, $4, t)} END {print "coarse within 0.15 ms: " ok " of " n miss}' "$F/bench_${v}_$r.log"
done; done
grep -E "^=== |iterations|setup  +median|peak device" "$F/solve.log" | head -40
grep -hE "^SA-[^ ]+ +0 (order pt_ap sym|P\^T\*\(AP\) sym)" "$F/hierarchy.log" | cut -c1-125
