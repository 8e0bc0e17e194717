#!/usr/bin/env bash
# Run 252: main (b5364be), a measurement: does the 3D 7-point level-1 P^T*A land near 0.16 or near 0.18 ms
# (runs 249-251) by the CPU core the process runs on? hostcost.cu (run 250) six times unpinned, then three
# times on each of four cores (taskset), printing its median line and the core.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build > /tmp/b.txt 2>&1; tail -1 /tmp/b.txt
nvcc -std=c++17 -O2 -arch=sm_90 -Iformats -Ispgemm docs/measurements/h100-run250/hostcost.cu \
  build-gpu/spgemm/libamg_spgemm.a build-gpu/formats/libamg_formats.a -lcusparse -o /tmp/hostcost || exit 1
lscpu | grep -E "Model name|^CPU\(s\)|NUMA node" | head -4
for k in 1 2 3 4 5 6; do echo "unpinned $k: $(/tmp/hostcost | tail -1)"; done
for c in 0 5 10 15; do for k in 1 2 3; do echo "core $c: $(taskset -c $c /tmp/hostcost | tail -1)"; done; done
