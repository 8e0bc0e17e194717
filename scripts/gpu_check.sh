#!/usr/bin/env bash
# Everything the GPU machine must run, in one call, as a list of steps:
#   scripts/gpu_check.sh [build] [tests] [memcheck] [racecheck] [solve] [spmv] [spgemm] [hierarchy]
#   (no step: all of them). Extra benchmark arguments go in SPGEMM_ARGS / SPMV_ARGS.
# Logs go to $OUT (at most 8 files come back; sanitizer runs share one log);
# a short summary is printed last.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-gpu_out}
mkdir -p "$out"
steps=${*:-build tests memcheck racecheck solve spmv spgemm hierarchy}
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then
  mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done
fi
export CMAKE_PREFIX_PATH=/opt/deps/usr${CMAKE_PREFIX_PATH:+:$CMAKE_PREFIX_PATH}
export AMG_REQUIRE_GPU=1 # here a GPU test that finds no GPU fails (tests/test_util.c), never "skipped"
summary=()
# step NAME LOG COMMAND...: runs with a time limit, appends to LOG, records ok/FAILED.
step() {
  local name=$1 log=$2 t0=$SECONDS
  shift 2
  echo "=== $name" >>"$out/$log"
  [ -n "${STEP_TIMEOUT:-}" ] || STEP_TIMEOUT=300
  if timeout "$STEP_TIMEOUT" "$@" >>"$out/$log" 2>&1; then summary+=("$name: ok ($((SECONDS - t0)) s)")
  else summary+=("$name: FAILED rc=$? ($((SECONDS - t0)) s), see $log"); fi
}
has() { [[ " $steps " == *" $1 "* ]]; }
bin=build-gpu
has build && step build build.log bash -c "cmake -S . -B $bin -G Ninja -DCMAKE_BUILD_TYPE=Release && cmake --build $bin -j 16"
# the GPU's name and clocks go into build.log: a full run then writes 8 files, as many as come back
{ echo "=== gpu"; nvidia-smi --query-gpu=name,memory.total,clocks.sm,clocks.mem --format=csv; } >>"$out/build.log" 2>&1
has tests && step "ctest -L gpu" tests.log ctest --test-dir $bin -L gpu --output-on-failure
# Sanitizer runs: every GPU test program (test_solve:gpu runs test_solve with
# the argument gpu; each ':' is a space, so test_api_edges:gpu:K/N passes two
# arguments); SANITIZE narrows the list. test_gpu_spgemm:K/N runs part K
# of N of that test: its racecheck as a whole ran past 575 s (run 297); as
# 13 parts, 13 at once on four GPUs, the longest part took 173 s (run 299).
# SANITIZE_JOBS=N runs up to N programs at once, spread over the machine's
# GPUs (each its own log until all are done; sanitizer.log then holds them in
# list order). Programs that share a GPU slow each other: with three at once
# on one H100 (run 300), two racechecks took 1.7-1.8x as long as alone (run
# 297) and two others ran past STEP_TIMEOUT (240 s; 139 and 195 s alone). It
# pays on several GPUs, as in run 299. AMG_TEST_QUICK drops the dense 4096 x
# 4096 cases there.
# racecheck skips cuSPARSE's own kernels (its csrmv_v3_kernel, the SpMV
# baseline, reports hazards that are not ours).
san_jobs=${SANITIZE_JOBS:-1}
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
((gpus > 0)) || gpus=1
san_dir=$(mktemp -d)
san_labels=() # one per sanitizer run, in list order
for tool in memcheck racecheck; do
  has $tool || continue
  exclude=()
  [ $tool = racecheck ] && exclude=(--kernel-name-exclude kns=cusparse)
  for t in ${SANITIZE:-$bin/tests/test_gpu_* $bin/tests/test_solve:gpu $bin/tests/test_api_edges:gpu}; do
    label="$tool $(basename ${t%%:*})"
    args=${t#*:}
    if [[ $t == *:* ]]; then label+=" ${args//:/ }"; fi
    k=${#san_labels[@]}
    san_labels+=("$label")
    run=(env AMG_TEST_QUICK=1 compute-sanitizer --tool $tool "${exclude[@]}" --error-exitcode 99 ${t//:/ })
    if ((san_jobs > 1)); then
      while (($(jobs -rp | wc -l) >= san_jobs)); do wait -n; done
      (
        export CUDA_VISIBLE_DEVICES=$((k % gpus))
        out=$san_dir summary=()
        step "$label" "$k.log" "${run[@]}"
        printf '%s\n' "${summary[@]}" >"$san_dir/$k.res"
      ) &
    else
      step "$label" sanitizer.log "${run[@]}"
    fi
  done
done
if ((san_jobs > 1)); then # the parallel runs' logs and summary lines, in list order
  wait
  for ((k = 0; k < ${#san_labels[@]}; k++)); do
    if [ ! -f "$san_dir/$k.res" ]; then
      summary+=("${san_labels[k]}: FAILED, no result")
      continue
    fi
    cat "$san_dir/$k.log" >>"$out/sanitizer.log"
    mapfile -t -O ${#summary[@]} summary < <(sed "s/see $k.log/see sanitizer.log/" "$san_dir/$k.res")
  done
fi
rm -rf "$san_dir"
if has solve; then
  rm -rf /tmp/amg_reports # a warm machine keeps /tmp: no report of an earlier run
  mkdir -p /tmp/amg_reports
  for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
    step "amg_solve $c" solve.log $bin/apps/amg_solve --config configs/$c.cfg --set output.verbose=false \
      --set output.report="/tmp/amg_reports/$c.json" --repeat ${SOLVE_REPEAT:-10}
  done
  cat /tmp/amg_reports/*.json >"$out/solve_reports.json" 2>/dev/null
fi
has spmv && step spmv_bench spmv.log $bin/apps/spmv_bench ${SPMV_ARGS:-}
has spgemm && step spgemm_bench spgemm.log $bin/apps/spgemm_bench ${SPGEMM_ARGS:-}
has hierarchy && step "spgemm_bench --hierarchy" hierarchy.log $bin/apps/spgemm_bench --hierarchy
echo "==== failures in the logs ===="
grep -h -E "FAIL|failed|ERROR SUMMARY: [1-9]|error:" "$out"/*.log 2>/dev/null | grep -v "ERROR SUMMARY: 0 errors" | head -30
echo "==== summary ===="
sed -n '/^=== gpu$/,/^===/{/^===/d;p}' "$out/build.log"
printf '%s\n' "${summary[@]}"
# a failed step fails the script (the summary above says which)
! printf '%s\n' "${summary[@]}" | grep -q FAILED
