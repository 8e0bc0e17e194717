#!/usr/bin/env bash
# Run 317: the session's final code (host-side changes after run 316: the
# readers' NUL fix, --repeat after output.solution, the fuzz tests). Build;
# ctest -L gpu; then the whole CTest suite on the GPU machine's build.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
OUT=$OUT STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$OUT/checks.txt" 2>&1
sed -n '/==== summary/,$p' "$OUT/checks.txt" | grep -v "^name\|^NVIDIA"
grep -E "tests passed" "$OUT/tests.log"
ctest --test-dir build-gpu -j 8 --output-on-failure > "$OUT/all_tests.log" 2>&1
grep -E "tests passed|Failed|\(Failed\)" "$OUT/all_tests.log"
echo "all done $((SECONDS - t0)) s"
