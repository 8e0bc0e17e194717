#!/usr/bin/env bash
# Run 314: after the review refactors (test_csr_from in the tests): build,
# ctest -L gpu.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
OUT=$OUT scripts/gpu_check.sh build tests > "$OUT/checks.txt" 2>&1
sed -n '/==== summary/,$p' "$OUT/checks.txt" | grep -v "^name\|^NVIDIA"
grep -E "Test +#|tests passed" "$OUT/tests.log"
