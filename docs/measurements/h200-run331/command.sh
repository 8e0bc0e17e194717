#!/usr/bin/env bash
# Run 331: after the final reread's mends (amg_error alias-safe, dense_row, stub messages):
# build, ctest -L gpu, memcheck of test_api_edges gpu, the 3D 27-point solve.
OUT=$OUT STEP_TIMEOUT=240 scripts/gpu_check.sh build tests > "$OUT/checks.txt" 2>&1
AMG_TEST_QUICK=1 compute-sanitizer --tool memcheck --error-exitcode 99 build-gpu/tests/test_api_edges gpu > "$OUT/sanitizer.log" 2>&1
build-gpu/apps/amg_solve --config configs/poisson3d_27pt.cfg --set output.verbose=false
