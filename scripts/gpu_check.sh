#!/usr/bin/env bash
# Everything the GPU machine must run, in one call: build, the gpu-labelled
# tests, compute-sanitizer memcheck and racecheck on the GPU test binaries,
# and the benchmarks. Logs go to $OUT (or ./gpu_out); a short table is printed last.
#   scripts/gpu_check.sh [quick|full] [bench args...]
set -uo pipefail
cd "$(dirname "$0")/.."
mode=${1:-full}; shift || true
out=${OUT:-gpu_out}; mkdir -p "$out"
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then
  mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done
fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
summary=()
step() { # name, command...
  local name=$1; shift
  local t0=$SECONDS
  if timeout 300 "$@" >"$out/$name.log" 2>&1; then summary+=("$name: ok ($((SECONDS - t0)) s)")
  else summary+=("$name: FAILED rc=$? ($((SECONDS - t0)) s), see $name.log"); fi
}
step build bash -c "cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu -j 16"
nvidia-smi --query-gpu=name,memory.total,clocks.sm,clocks.mem --format=csv >"$out/gpu.txt" 2>&1
step ctest_gpu ctest --test-dir build-gpu -L gpu --output-on-failure
for t in build-gpu/tests/test_gpu_*; do
  n=$(basename "$t")
  step "memcheck_$n" compute-sanitizer --tool memcheck --error-exitcode 99 "$t"
  [ "$mode" = full ] && step "racecheck_$n" compute-sanitizer --tool racecheck --error-exitcode 99 "$t"
done
if [ "$mode" = full ]; then
  step bench build-gpu/apps/spgemm_bench --json "$out/spgemm_bench.json" "$@"
fi
echo "==== tail of logs with failures ===="
for f in "$out"/*.log; do grep -q -E "FAIL|ERROR|error|failed" "$f" && { echo "--- $f"; grep -E "FAIL|ERROR|error|failed" "$f" | head -15; }; done
[ -f "$out/bench.log" ] && { echo "==== bench table ===="; sed -n '/copy bandwidth/,$p' "$out/bench.log"; }
echo "==== summary ===="; cat "$out/gpu.txt"; printf '%s\n' "${summary[@]}"
