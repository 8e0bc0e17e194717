#!/usr/bin/env bash
# Run 290: main's final code: build, ctest -L gpu, memcheck of every GPU test program (gpu_check.sh), and
# spgemm_bench --profile on the model's first two levels (steps and mean pair lists after the one-pass rule).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests memcheck > /tmp/checks_run.txt 2>&1
echo "checks $((SECONDS - t0)) s"; sed -n '/==== failures/,$p' /tmp/checks_run.txt
grep -hE "ERROR SUMMARY|all checks passed|tests passed" /tmp/gc/sanitizer.log /tmp/gc/tests.log | sort | uniq -c
(tail -c 8000 /tmp/gc/tests.log; grep -E "^=== |ERROR SUMMARY|passed|failed" /tmp/gc/sanitizer.log) > "$F/checks.txt"
timeout 120 build-gpu/apps/spgemm_bench --levels 2 --profile > "$F/profile.log" 2>&1; echo "profile rc=$? $((SECONDS - t0)) s"
grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +[01] (A\*P|P\^T\*A|P\^T\*\(AP\)|\(P\^T A\)\*P)( sym)? +[0-9]+ +[0-9]+ +[0-9.]+ \|" "$F/profile.log"
echo "all done $((SECONDS - t0)) s"
