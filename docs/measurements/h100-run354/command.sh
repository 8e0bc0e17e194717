#!/usr/bin/env bash
# Ran as run 354 on 2026-12-07 (H100, tree of a34b033; calls.md lists this and the calls after
# it): build and ctest -L gpu on the benchmarks' new checks (test_bench_run: each program's
# table on a full stdout exits 1) and on apps/app_config.c split into config_*.c
# (test_gpu_amg_solve runs amg_solve's configurations on the GPU).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
OUT=$OUT STEP_TIMEOUT=240 scripts/gpu_check.sh build tests
grep -E "ok: .*full|FAIL" "$OUT/tests.log" | head
