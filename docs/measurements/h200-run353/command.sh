#!/usr/bin/env bash
# Run 353 (2026-12-07, H200, tree of 681a091): main's code with PCG's rescaling at each start (a4f512c's solve.c):
# build, ctest -L gpu, memcheck of test_api_edges gpu (which holds the new A * 2^996 and
# A * 2^-1012 cases).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
OUT=$OUT SANITIZE="build-gpu/tests/test_api_edges:gpu" STEP_TIMEOUT=240 scripts/gpu_check.sh build tests memcheck
