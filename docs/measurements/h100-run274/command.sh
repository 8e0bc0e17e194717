#!/usr/bin/env bash
# Run 274: main after the dot kernel (numeric_dot checked): build, ctest -L gpu, memcheck of
# test_gpu_spgemm; amg_solve on the four configs (--repeat 10) and the SA hierarchy once.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*|CHECK" /tmp/gc/tests.log | head -8
grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do echo "=== $c"; timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --repeat 10; done > "$F/solve.log" 2>&1
timeout 100 build-gpu/apps/spgemm_bench --hierarchy > "$F/hierarchy.log" 2>&1
echo "runs done $((SECONDS - t0)) s"
grep -E "^=== |iterations|setup  +median|peak device|true rel" "$F/solve.log" | head -40
grep -hE "^SA-[^ ]+ +0 order pt_ap sym" "$F/hierarchy.log" | cut -c1-125
