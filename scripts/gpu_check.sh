#!/usr/bin/env bash
# Everything the GPU machine must run, in one call: build, the gpu-labelled
# tests, compute-sanitizer memcheck and racecheck on the GPU test binaries,
# and the benchmarks. Logs go to $OUT (or ./gpu_out); a short table is printed last.
#   scripts/gpu_check.sh [quick|full|bench] [bench args...]
#   quick: no racecheck, no bench; bench: tests and bench, no sanitizers
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
  local log="$out/$name.log"
  case $name in memcheck_*|racecheck_*) log=/dev/null ;; esac
  if timeout 300 "$@" >"$log" 2>&1; then summary+=("$name: ok ($((SECONDS - t0)) s)")
  else summary+=("$name: FAILED rc=$? ($((SECONDS - t0)) s), see $name.log"); fi
}
step build bash -c "cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release && cmake --build build-gpu -j 16"
nvidia-smi --query-gpu=name,memory.total,clocks.sm,clocks.mem --format=csv >"$out/gpu.txt" 2>&1
step ctest_gpu ctest --test-dir build-gpu -L gpu --output-on-failure
sanitize() { # all sanitizer runs append to one log (only 8 files come back)
  local tool=$1 t=$2
  echo "=== $tool $(basename "$t")" >>"$out/sanitizer.log"
  timeout 300 compute-sanitizer --tool "$tool" --error-exitcode 99 "$t" >>"$out/sanitizer.log" 2>&1
}
if [ "$mode" != bench ]; then
  for t in build-gpu/tests/test_gpu_*; do
    step "memcheck_$(basename "$t")" sanitize memcheck "$t"
    [ "$mode" = full ] && step "racecheck_$(basename "$t")" sanitize racecheck "$t"
  done
fi
if [ "$mode" != quick ]; then
  step bench build-gpu/apps/spgemm_bench --json "$out/spgemm_bench.json" "$@"
fi
echo "==== tail of logs with failures ===="
for f in "$out"/*.log; do grep -q -E "FAIL|ERROR|error|failed" "$f" && { echo "--- $f"; grep -E "FAIL|ERROR|error|failed" "$f" | head -15; }; done
[ -f "$out/bench.log" ] && { echo "==== bench table ===="; sed -n '/copy bandwidth/,$p' "$out/bench.log"; }
echo "==== summary ===="; cat "$out/gpu.txt"; printf '%s\n' "${summary[@]}"
