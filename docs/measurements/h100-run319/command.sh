#!/usr/bin/env bash
# Run 319: nvcc flags never tried on the SpGEMM (spgemm_notes has no item on
# them): -Xptxas -dlcm=cg (global loads not cached in L1) and
# --extra-device-vectorization, against the default, on the 3D 7-point level-0
# products (the miss), three rounds with the binaries taken in turn.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done
export CMAKE_PREFIX_PATH=/opt/deps/usr
build() { # build DIR FLAGS: spgemm_bench only
  cmake -S . -B "$1" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_FLAGS="$2" > "$OUT/cfg_$1.log" 2>&1 &&
    cmake --build "$1" -j 16 --target spgemm_bench > "$OUT/build_$1.log" 2>&1; echo "build $1 [$2] rc=$? ($((SECONDS - t0)) s)"
}
build b0 "" ; build b1 "-Xptxas -dlcm=cg"; build b2 "--extra-device-vectorization"
for r in 1 2 3; do
  for b in b0 b1 b2; do
    timeout 60 $b/apps/spgemm_bench --problem 3d7 --levels 1 > /tmp/b.log 2>&1
    cat /tmp/b.log >> "$OUT/bench_$b.log"
    grep -E "^3d7-101 +0 (A\*P|P\^T\*\(AP\)|order pt_ap) " /tmp/b.log | awk -v t="r$r $b" '{n=$3; if ($4=="pt_ap") n="pt_ap" ($5=="sym"?"_sym":""); printf "%s %s %s/%s=%s\n", t, n, $(NF-14), $(NF-10), $(NF-6)}'
  done
done
echo "all done $((SECONDS - t0)) s"
