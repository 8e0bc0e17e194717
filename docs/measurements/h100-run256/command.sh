#!/usr/bin/env bash
# Run 256: branch next/host-gaps (run 255's two changes, and the candidates' scan in one kernel that
# leaves the totals in the mailbox) against main (old, gpu_in/old): build, ctest -L gpu and memcheck
# of test_gpu_spgemm on the branch; trace.cu (run 254) on both, twice, alternating.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench amg_spgemm amg_formats > /tmp/build_old.log 2>&1; echo "old build rc=$?") &
OUT=/tmp/gc STEP_TIMEOUT=400 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8
grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
CUPTI_LIB=$(dirname "$(find /usr/local /usr/lib /opt -name 'libcupti.so*' 2>/dev/null | head -1)")
for v in gpu old; do
  nvcc -std=c++17 -O2 -arch=sm_90 -Iformats -Ispgemm gpu_in/trace.cu build-$v/spgemm/libamg_spgemm.a \
    build-$v/formats/libamg_formats.a -lcusparse -L"$CUPTI_LIB" -lcupti -Xlinker -rpath -Xlinker "$CUPTI_LIB" -o /tmp/trace_$v || exit 1
done
for v in gpu old gpu old; do echo "=== trace $v"; /tmp/trace_$v; done > "$F/trace.log" 2>&1
echo "runs done $((SECONDS - t0)) s"
echo "== trace: untraced medians (us), per process: new, old, new, old"
grep -E "events \(untraced\)" "$F/trace.log" | awk '{k=$2" "$3" "$4; v[k]=v[k] sprintf(" %7s", $(NF-2)); if (!(k in s)) {s[k]=1; o[++n]=k}} END {for (i=1;i<=n;i++) printf "%-18s%s\n", o[i], v[o[i]]}'
