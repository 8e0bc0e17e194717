#!/usr/bin/env bash
# Run 254: timeline of the level-0 products that miss 2x (trace.cu, CUPTI activity records of the
# runtime API calls and of the GPU work), main as it is.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
(cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 16 --target amg_spgemm amg_formats > /tmp/b.txt 2>&1) || { tail -20 /tmp/b.txt; exit 1; }
CUPTI_LIB=$(dirname "$(find /usr/local /usr/lib /opt -name 'libcupti.so*' 2>/dev/null | head -1)")
echo "cupti in $CUPTI_LIB"
nvcc -std=c++17 -O2 -arch=sm_90 -Iformats -Ispgemm gpu_in/trace.cu build-gpu/spgemm/libamg_spgemm.a \
  build-gpu/formats/libamg_formats.a -lcusparse -L"$CUPTI_LIB" -lcupti -Xlinker -rpath -Xlinker "$CUPTI_LIB" -o /tmp/trace || exit 1
/tmp/trace > "$OUT/trace.log" 2>&1; echo "trace rc=$?"
grep -E "^=== |summary" "$OUT/trace.log"
