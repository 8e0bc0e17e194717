#!/usr/bin/env bash
# Run 343 (H200): head after the help-text commits (host code) — build,
# ctest -L gpu (gpu_check.sh now writes the GPU's name into build.log), the
# README's main job with --repeat 10, the cost of loading every kernel
# (load_time.c, three fresh processes), memcheck of test_api_edges gpu.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
OUT=$OUT STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$OUT/checks.txt" 2>&1
tail -8 "$OUT/checks.txt"
build-gpu/apps/amg_solve --config configs/poisson3d_27pt.cfg --repeat 10 > "$OUT/main_job.log" 2>&1
echo "main job: rc=$?"; grep -E "GPU initialisation|converged after|^setup [0-9]|median" "$OUT/main_job.log"
d=docs/measurements/h200-run343
gcc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Iformats -Ispgemm -Isolver -c $d/load_time.c -o /tmp/lt.o &&
  nvcc /tmp/lt.o build-gpu/solver/libamg_solver.a build-gpu/spgemm/libamg_spgemm.a build-gpu/formats/libamg_formats.a \
    -lcusparse -lcusolver -lcublas -o /tmp/lt || exit 1
for k in 1 2 3; do /tmp/lt; done 2>&1 | tee "$OUT/load_time.log"
AMG_TEST_QUICK=1 compute-sanitizer --tool memcheck --error-exitcode 99 build-gpu/tests/test_api_edges gpu \
  > "$OUT/sanitizer.log" 2>&1; echo "memcheck test_api_edges gpu: rc=$? $(grep 'ERROR SUMMARY' "$OUT/sanitizer.log")"
