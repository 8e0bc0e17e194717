#!/usr/bin/env bash
# Run 264: the CUPTI trace (h100-run254/trace.cu) of the five
# products of runs 254-259 for next/layout-in-numeric (new) and main (old, 069546c); then two more
# rounds of the whole model, old first this time.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 8 --target spgemm_bench amg_spgemm amg_formats > /tmp/build_old.log 2>&1) &
(cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 8 --target spgemm_bench amg_spgemm amg_formats > /tmp/build_new.log 2>&1) &
wait; [ -x build-old/apps/spgemm_bench ] && [ -x build-gpu/apps/spgemm_bench ] || { echo build failed; tail -5 /tmp/build_*.log; exit 1; }
echo "builds $((SECONDS - t0)) s"
CUPTI_LIB=$(dirname "$(find /usr/local /usr/lib /opt -name 'libcupti.so*' 2>/dev/null | head -1)")
for v in gpu old; do
  nvcc -std=c++17 -O2 -arch=sm_90 -Iformats -Ispgemm docs/measurements/h100-run254/trace.cu build-$v/spgemm/libamg_spgemm.a \
    build-$v/formats/libamg_formats.a -lcusparse -L"$CUPTI_LIB" -lcupti -Xlinker -rpath -Xlinker "$CUPTI_LIB" -o /tmp/trace_$v || exit 1
done
for v in gpu old; do echo "=== trace $v"; /tmp/trace_$v; done > "$F/trace.log" 2>&1
echo "trace done $((SECONDS - t0)) s"
grep -E "^=== trace|events \(untraced\)|^  api" "$F/trace.log" | sed -e 's/events (untraced) //' | cut -c1-150
for r in 3 4; do for v in old gpu; do
  timeout 100 build-$v/apps/spgemm_bench > "/tmp/m_${v}_$r.log" 2>&1
done; done
for f in /tmp/m_*_3.log /tmp/m_*_4.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "runs done $((SECONDS - t0)) s"
echo "== coarse products within 0.15 ms"
for r in 3 4; do for v in old gpu; do
  awk -v tag="$v $r" '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s %s", $1, $3, $4, t)} END {print tag ": " ok " of " n miss}' "/tmp/m_${v}_$r.log"
done; done
echo "== level-0 products, tile ms: new3 old3 new4 old4"
for f in /tmp/m_gpu_3.log /tmp/m_old_3.log /tmp/m_gpu_4.log /tmp/m_old_4.log; do
  grep -E "^  (2d5|3d7)-[0-9]+ level 0 " "$f" | grep -v sym | awk '{print $1, $4, $(NF-4)}' > "$f.l0"
done
paste -d' ' /tmp/m_gpu_3.log.l0 <(awk '{print $NF}' /tmp/m_old_3.log.l0) <(awk '{print $NF}' /tmp/m_gpu_4.log.l0) <(awk '{print $NF}' /tmp/m_old_4.log.l0)
echo "== level-0 speedups: new3 old3 new4 old4"
for f in /tmp/m_gpu_3.log /tmp/m_old_3.log /tmp/m_gpu_4.log /tmp/m_old_4.log; do
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 (order|A\^2 )" "$f" | awk -F'|' '{split($1,a," "); printf "%s %s %s%s %s\n", a[1], a[3], a[4], (a[5] ~ /^[0-9]/ ? "" : " " a[5]), $4}' > "$f.sp"
done
paste -d' ' /tmp/m_gpu_3.log.sp <(awk '{print $NF}' /tmp/m_old_3.log.sp) <(awk '{print $NF}' /tmp/m_gpu_4.log.sp) <(awk '{print $NF}' /tmp/m_old_4.log.sp) | grep -v " sym"
