#!/usr/bin/env bash
# Run 259: branch next/host-gaps (run 258, and small device-to-host reads by a one-block kernel into
# mapped pinned memory instead of a copy) against main (old, gpu_in/old): build, ctest -L gpu, memcheck
# of test_gpu_spgemm and test_gpu_formats; trace.cu on both; the whole model, three rounds alternating,
# the coarse products counted against 0.15 ms.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench amg_spgemm amg_formats > /tmp/build_old.log 2>&1; echo "old build rc=$?") &
OUT=/tmp/gc STEP_TIMEOUT=400 SANITIZE="build-gpu/tests/test_gpu_spgemm build-gpu/tests/test_gpu_formats" scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8
grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
CUPTI_LIB=$(dirname "$(find /usr/local /usr/lib /opt -name 'libcupti.so*' 2>/dev/null | head -1)")
for v in gpu old; do
  nvcc -std=c++17 -O2 -arch=sm_90 -Iformats -Ispgemm gpu_in/trace.cu build-$v/spgemm/libamg_spgemm.a \
    build-$v/formats/libamg_formats.a -lcusparse -L"$CUPTI_LIB" -lcupti -Xlinker -rpath -Xlinker "$CUPTI_LIB" -o /tmp/trace_$v || exit 1
done
for v in gpu old; do echo "=== trace $v"; /tmp/trace_$v; done > "$F/trace.log" 2>&1
grep -E "^=== trace|events \(untraced\)" "$F/trace.log" | sed -e 's/events (untraced) //'
for r in 1 2 3; do for v in gpu old; do
  timeout 100 build-$v/apps/spgemm_bench > "/tmp/m_${v}_$r.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "runs done $((SECONDS - t0)) s"
echo "== coarse products within 0.15 ms"
for r in 1 2 3; do for v in gpu old; do
  awk -v tag="$v $r" '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s %s", $1, $3, $4, t)} END {print tag ": " ok " of " n miss}' "/tmp/m_${v}_$r.log"
done; done
echo "== level 0 orders and A^2, speedup: new1 old1 new2 old2 new3 old3"
for f in /tmp/m_gpu_1.log /tmp/m_old_1.log /tmp/m_gpu_2.log /tmp/m_old_2.log /tmp/m_gpu_3.log /tmp/m_old_3.log; do
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 (order|A\^2 )" "$f" | awk -F'|' '{split($1,a," "); printf "%s %s %s%s %s\n", a[1], a[3], a[4], (a[5] ~ /^[0-9]/ ? "" : " " a[5]), $4}' > "$f.sp"
done
paste -d' ' /tmp/m_gpu_1.log.sp <(awk '{print $NF}' /tmp/m_old_1.log.sp) <(awk '{print $NF}' /tmp/m_gpu_2.log.sp) \
  <(awk '{print $NF}' /tmp/m_old_2.log.sp) <(awk '{print $NF}' /tmp/m_gpu_3.log.sp) <(awk '{print $NF}' /tmp/m_old_3.log.sp)
