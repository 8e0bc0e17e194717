#!/usr/bin/env bash
# Run 255: branch next/host-gaps (small device-to-host reads through pinned memory; a compaction's C
# arrays allocated before the sync) against main (old, gpu_in/old): build, ctest -L gpu on the branch;
# trace.cu (run 254) on both; spgemm_bench on 2d5 and 3d7, two rounds alternating.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench amg_spgemm amg_formats > /tmp/build_old.log 2>&1; echo "old build rc=$?") &
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/checks_run.txt" 2>&1
wait; echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/tests.log "$F/" 2>/dev/null
tail -3 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8
CUPTI_LIB=$(dirname "$(find /usr/local /usr/lib /opt -name 'libcupti.so*' 2>/dev/null | head -1)")
for v in gpu old; do
  nvcc -std=c++17 -O2 -arch=sm_90 -Iformats -Ispgemm gpu_in/trace.cu build-$v/spgemm/libamg_spgemm.a \
    build-$v/formats/libamg_formats.a -lcusparse -L"$CUPTI_LIB" -lcupti -Xlinker -rpath -Xlinker "$CUPTI_LIB" -o /tmp/trace_$v || exit 1
done
for v in gpu old gpu old; do echo "=== trace $v"; /tmp/trace_$v; done > "$F/trace.log" 2>&1
for r in 1 2; do for v in gpu old; do
  timeout 100 build-$v/apps/spgemm_bench --problem 2d5 --problem 3d7 > "/tmp/m_${v}_$r.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "runs done $((SECONDS - t0)) s"
echo "== trace: untraced medians and the api call's idle"
grep -E "^=== trace|events \(untraced\)|^  api" "$F/trace.log" | sed -e 's/host call.*idle inside/idle/' -e 's/, GPU after.*//'
echo "== coarse products over 0.15 ms"
for r in 1 2; do for v in gpu old; do
  awk -v tag="$v $r" '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s %s", $1, $3, $4, t)} END {print tag ": " ok " of " n miss}' "/tmp/m_${v}_$r.log"
done; done
echo "== level 0 (tile ms, cusparse ms, speedup): new 1, old 1, new 2, old 2"
for r in 1 2; do for v in gpu old; do echo "-- $v $r"
  grep -E "^(2d5|3d7)-[0-9]+ +0 " "/tmp/m_${v}_$r.log" | grep -v "csr->\|sym" | awk -F'|' '{split($1,a," "); split($2,b," "); split($3,c," "); printf "%-9s %-14s %8s %8s %6s\n", a[1], a[3]" "a[4], b[1], c[1], $4}'
done; done
