#!/usr/bin/env bash
# Run 287: main (e5879d4) checked on the GPU (ctest -L gpu, memcheck of test_gpu_spgemm: the test rewrite of
# a3ef407 had not run there), then four alternating rounds of the default bench, main against branch
# next/one-pass-half (gpu_in/new), to settle run 286's undecided symmetric second products.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
(cmake -S gpu_in/new -B build-new -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-new -j 6 --target spgemm_bench > /tmp/build_new.log 2>&1; echo "new build rc=$?") &
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build tests > "$F/checks_run.txt" 2>&1
wait; echo "builds+tests $((SECONDS - t0)) s"
cp /tmp/gc/tests.log "$F/" 2>/dev/null
tail -2 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*|CHECK" /tmp/gc/tests.log | head -8
timeout 200 compute-sanitizer --tool memcheck --error-exitcode 99 build-gpu/tests/test_gpu_spgemm > "$F/memcheck.log" 2>&1; echo "memcheck rc=$? $((SECONDS - t0)) s"
grep -hE "ERROR SUMMARY|failed" "$F/memcheck.log" | sort | uniq -c | head -5
row() { grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 (order pt_ap|order pta_p)( sym)? " "$1" | awk -v t="$2" '{s = ($5 == "sym") ? " sym" : ""; printf "%s %s %-14s %s/%s=%s\n", t, $1, $4 s, $(NF-14), $(NF-10), $(NF-6)}'; }
for r in 1 2 3 4; do for v in $([ $((r % 2)) = 0 ] && echo new gpu || echo gpu new); do
  timeout 60 build-$v/apps/spgemm_bench > "$F/bench_${v}_$r.log" 2>&1
  row "$F/bench_${v}_$r.log" "$v$r"
  grep -E "^  2d[59]-1024 level 0  (P\^T\*\(AP\)|\(P\^T A\)\*P)" "$F/bench_${v}_$r.log" | sed "s/^/$v$r /"
  awk '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s %s", $1, $3, $4, t)} END {print "coarse within 0.15 ms: " ok " of " n miss}' "$F/bench_${v}_$r.log"
done; done; echo "all done $((SECONDS - t0)) s"
