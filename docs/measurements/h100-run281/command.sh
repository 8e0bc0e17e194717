#!/usr/bin/env bash
# Run 281: CUPTI trace of the Galerkin chain (next/chain) against its two products one call each
# (back to back, one timing), 3D 7-point P^T(AP) general and symmetric, 2D 5-point general.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
CUPTI_LIB=$(dirname "$(find /usr/local /usr/lib /opt -name 'libcupti.so*' 2>/dev/null | head -1)")
CUPTI_INC=$(dirname "$(find /usr/local /usr/include /opt -name 'cupti.h' 2>/dev/null | head -1)")
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 16 --target amg_spgemm > /dev/null 2>&1
nvcc -std=c++17 -O2 -arch=sm_90 -Iformats -Ispgemm -I"$CUPTI_INC" docs/measurements/h100-run281/trace_chain.cu \
  build-gpu/spgemm/libamg_spgemm.a build-gpu/formats/libamg_formats.a -lcusparse -L"$CUPTI_LIB" -lcupti \
  -Xlinker -rpath -Xlinker "$CUPTI_LIB" -o /tmp/trace_chain || exit 1
echo "built $((SECONDS - t0)) s"
for a in "7 0" "7 1" "5 0"; do echo "##### stencil/sym $a"; timeout 120 /tmp/trace_chain $a; done > "$F/trace.log" 2>&1
echo "traced $((SECONDS - t0)) s"
grep -E "^#####|events \(untraced\)|^  api" "$F/trace.log" | cut -c1-160
