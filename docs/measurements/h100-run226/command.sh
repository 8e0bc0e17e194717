#!/usr/bin/env bash
# Run 226: a measurement only, no code change on main. How much of the two-pass numeric pair kernel's time
# (step 3 of P^T*A) is its pair walk: main (169857d's spgemm = e3dd1cc) against vA (the adds skipped, the
# batch loads kept through a sink) and vC (no pair walk at all: zeroing and gathering only). spgemm_bench
# --profile (each step ends in a sync), 2D 5-point and 3D 7-point level 0, and the SA hierarchy of 2D 5-point;
# two rounds alternating.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
for v in vA vC; do (cmake -S gpu_in/$v -B build-$v -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-$v -j 6 --target spgemm_bench > /tmp/build_$v.log 2>&1; echo "$v build rc=$?") & done
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 6 --target spgemm_bench > /tmp/build_gpu.log 2>&1; echo "main build rc=$?"
wait; echo "builds $((SECONDS - t0)) s"
for round in 1 2; do for v in gpu vA vC; do
  for p in 2d5 3d7; do echo "=== $v $round $p"; timeout 60 build-$v/apps/spgemm_bench --problem $p --levels 1 --profile --reps 10; done
  echo "=== $v $round SA-2d5"; timeout 100 build-$v/apps/spgemm_bench --problem 2d5 --hierarchy --profile --reps 10
done; done > "$F/profile.log" 2>&1
echo "runs $((SECONDS - t0)) s"
echo "== per-step profile rows (ms): variant round | columns step1 step2 step3 | median"
awk '/^=== /{v=$2; r=$3} /^(2d5|3d7|SA-2d5)[^ ]* +0 (P\^T\*A|A\*P|P\^T\*\(AP\)) / {line=$0; if (gsub(/\|/, "|", line) == 2) print v, r, $0}' "$F/profile.log" | sort -k3,3 -k5,5 -k1,1 | tee "$F/summary.txt"
