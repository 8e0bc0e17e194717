#!/usr/bin/env bash
# Run 341 (H200): amg_device_init now loads every kernel of the libraries
# (fb57827). Build, ctest -L gpu, the kernel counts of test_api_edges gpu,
# the first setups against the later ones (run 340's driver), the four solves
# with 3 repeats, memcheck of test_api_edges gpu.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
OUT=$OUT STEP_TIMEOUT=300 SOLVE_REPEAT=3 scripts/gpu_check.sh build tests solve > "$OUT/checks.txt" 2>&1
tail -6 "$OUT/checks.txt"
grep -h "kernels loaded" "$OUT/tests.log" build-gpu/Testing/Temporary/LastTest.log 2>/dev/null | head -2
d=docs/measurements/h200-run340
gcc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Iformats -Ispgemm -Isolver -c $d/first_setup.c -o /tmp/fs.o &&
  nvcc /tmp/fs.o build-gpu/solver/libamg_solver.a build-gpu/spgemm/libamg_spgemm.a build-gpu/formats/libamg_formats.a \
    -lcusparse -lcusolver -lcublas -o /tmp/fs || exit 1
for p in "7 101" "5 1024" "27 101"; do
  set -- $p
  for k in 1 2; do echo "##### stencil $1 n $2 process $k"; /tmp/fs $1 $2 0 3; done
done > "$OUT/first_setup.log" 2>&1
grep -E "#####|^init|^setup" "$OUT/first_setup.log"
grep -E "amg_solve: poisson|GPU initialisation|converged after|setup total|setup          median" "$OUT/solve.log" | cut -c1-140
AMG_TEST_QUICK=1 compute-sanitizer --tool memcheck --error-exitcode 99 build-gpu/tests/test_api_edges gpu \
  > "$OUT/sanitizer.log" 2>&1; echo "memcheck test_api_edges gpu: rc=$? $(grep 'ERROR SUMMARY' "$OUT/sanitizer.log")"
grep "kernels loaded" "$OUT/sanitizer.log"
