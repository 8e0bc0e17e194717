#!/usr/bin/env bash
# Run 131: where the second Galerkin products' time goes: spgemm_bench --profile at level 0 under auto, --kernels rows and --passes two; ncu per-kernel times of 3D 7-point and 2D 5-point level 0; a source-level profile of the one-pass kernel on 3D 7-point P^T*(AP) (a -lineinfo build).
# Code: b7a0690.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run131.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-li
cmake -S . -B build-li -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_FLAGS=-lineinfo > /dev/null && cmake --build build-li -j 16 --target spgemm_bench > "$F/build.log" 2>&1; echo "build rc=$?"
B=build-li/apps/spgemm_bench
for mode in "auto" "--kernels rows" "--passes two"; do
  echo "=== $mode" >> "$F/bench.log"
  a=$mode; [ "$mode" = auto ] && a=""
  timeout 120 $B --levels 1 --profile $a >> "$F/bench.log" 2>&1
done
for p in 3d7 2d5; do
  timeout 150 ncu --csv --metrics gpu__time_duration.sum --cache-control none --clock-control none \
    --launch-count 900 $B --problem $p --levels 1 --reps 1 > "$F/ncu_$p.csv" 2> "$F/ncu_$p.err"
  echo "ncu $p rc=$?"
done
timeout 200 ncu --set full --import-source yes -k regex:one_pass_kernel --launch-count 1 -o /tmp/op \
  $B --problem 3d7 --levels 1 --reps 1 > "$F/ncu_full.log" 2>&1; echo "ncu full rc=$?"
ncu -i /tmp/op.ncu-rep --page source --csv --print-source sass > "$F/source_sass.csv" 2> "$F/source.err"
ncu -i /tmp/op.ncu-rep --page details > "$F/details.txt" 2>&1
grep -E "^===|P\^T\*\(AP\)|\(P\^T A\)\*P" "$F/bench.log" | grep -v "level" | cut -c1-130
