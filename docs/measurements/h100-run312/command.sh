#!/usr/bin/env bash
# Run 312: the final head's GPU tests (test_api_edges gpu gained the coarsening-stall case): build,
# ctest -L gpu.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
OUT=$OUT scripts/gpu_check.sh build tests > "$OUT/checks.txt" 2>&1
sed -n '/==== summary/,$p' "$OUT/checks.txt" | grep -v "^name\|^NVIDIA"
grep -E "Test +#|tests passed" "$OUT/tests.log"
