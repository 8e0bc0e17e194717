#!/usr/bin/env bash
# Run 286: branch next/one-pass-half (the one pass at a half-warp per candidate up to 32 tiles of mean
# pair list) against main (gpu_in/old): build both, ctest -L gpu, two rounds of the whole default bench
# alternating, memcheck of test_gpu_spgemm, the SA hierarchy (both), amg_solve once per config (new).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?") &
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build tests > "$F/checks_run.txt" 2>&1
wait; echo "builds+tests $((SECONDS - t0)) s"
cp /tmp/gc/tests.log "$F/" 2>/dev/null
tail -2 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*|CHECK|pair lists" /tmp/gc/tests.log | head -8
row() { grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 (P\^T\*\(AP\)|\(P\^T A\)\*P|order pt_ap|order pta_p)( sym)? " "$1" | awk -v t="$2" '{s = ($4 == "sym") ? " sym" : ""; op = ($3 == "order") ? $3 " " $4 s : $3 s; n = NF; printf "%s %s %-16s %s/%s=%s\n", t, $1, op, $(n-14), $(n-10), $(n-6)}'; }
for r in 1 2; do for v in $([ $r = 2 ] && echo old gpu || echo gpu old); do
  timeout 60 build-$v/apps/spgemm_bench > "$F/bench_${v}_$r.log" 2>&1
  row "$F/bench_${v}_$r.log" "$v$r"
  awk '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s %s", $1, $3, $4, t)} END {print "coarse within 0.15 ms: " ok " of " n miss}' "$F/bench_${v}_$r.log"
done; done; echo "bench done $((SECONDS - t0)) s"
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 99 build-gpu/tests/test_gpu_spgemm > "$F/memcheck.log" 2>&1; echo "memcheck rc=$? $((SECONDS - t0)) s"
grep -hE "ERROR SUMMARY|failed" "$F/memcheck.log" | sort | uniq -c | head -5
for v in gpu old; do timeout 60 build-$v/apps/spgemm_bench --hierarchy > "$F/hierarchy_$v.log" 2>&1; done
grep -hE "^SA-[^ ]+ +0 (P\^T\*\(AP\) sym|\(P\^T A\)\*P sym|P\^T\*\(AP\) |\(P\^T A\)\*P )" "$F/hierarchy_gpu.log" "$F/hierarchy_old.log" | cut -c1-100
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do echo "=== $c"; timeout 30 build-gpu/apps/amg_solve --config configs/$c.cfg; done > "$F/solve.log" 2>&1
grep -E "^=== |iterations|peak device" "$F/solve.log"
echo "all done $((SECONDS - t0)) s"
