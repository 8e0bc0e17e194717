#!/usr/bin/env bash
# Run 282: why the untimed-trace chain is slower than its two products apart (run 281). A scratch copy of
# next/chain (gpu_in/exp, not committed) with host timestamps and AMG_CHAIN_MODE: 0 as committed, 1 a
# stream sync instead of the event's (waits for the first product's step 3 too), 2 the event waited for
# before the first product's step 3 is queued. 3D 7-point P^T(AP), general.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
which nsys ncu 2>&1 | head -3
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
CUPTI_LIB=$(dirname "$(find /usr/local /usr/lib /opt -name 'libcupti.so*' 2>/dev/null | head -1)")
CUPTI_INC=$(dirname "$(find /usr/local /usr/include /opt -name 'cupti.h' 2>/dev/null | head -1)")
cmake -S gpu_in/exp -B build-exp -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-exp -j 16 --target amg_spgemm > /dev/null 2>&1
nvcc -std=c++17 -O2 -arch=sm_90 -Iformats -Ispgemm -I"$CUPTI_INC" docs/measurements/h100-run281/trace_chain.cu \
  build-exp/spgemm/libamg_spgemm.a build-exp/formats/libamg_formats.a -lcusparse -L"$CUPTI_LIB" -lcupti \
  -Xlinker -rpath -Xlinker "$CUPTI_LIB" -o /tmp/trace_exp || exit 1
echo "built $((SECONDS - t0)) s"
for m in 0 1 2 0 1 2; do echo "##### mode $m"; AMG_CHAIN_MODE=$m AMG_CHAIN_TIMES=1 timeout 120 /tmp/trace_exp 7 0 2>&1 | grep -E "events \(untraced\)|^chain mode" | head -17; done > "$F/modes.log" 2>&1
echo "done $((SECONDS - t0)) s"
grep -E "#####|events" "$F/modes.log"
grep -A17 "##### mode 0" "$F/modes.log" | grep "^chain mode" | sed -n 6,9p
grep -A17 "##### mode 1" "$F/modes.log" | grep "^chain mode" | sed -n 6,9p
grep -A17 "##### mode 2" "$F/modes.log" | grep "^chain mode" | sed -n 6,9p
