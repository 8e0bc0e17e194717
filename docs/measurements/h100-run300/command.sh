#!/usr/bin/env bash
# Run 300: main at head (kernels as ade0202). gpu_check.sh's parallel sanitizer runs as changed after
# run 299 (53d7477, b7cb495): build, ctest -L gpu, memcheck and racecheck of the five smaller GPU test
# programs with SANITIZE_JOBS=3 on one GPU; then three rounds of spgemm_bench, the level-0 lines.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
b=build-gpu/tests
OUT=$OUT STEP_TIMEOUT=240 SANITIZE_JOBS=3 \
  SANITIZE="$b/test_gpu_formats $b/test_gpu_spmv $b/test_gpu_coarse_solve $b/test_gpu_aggregate $b/test_solve:gpu" \
  scripts/gpu_check.sh build tests memcheck racecheck > "$OUT/checks.txt" 2>&1
echo "checks $((SECONDS - t0)) s"
sed -n '/==== summary/,$p' "$OUT/checks.txt"
grep -hE "RACECHECK SUMMARY|ERROR SUMMARY|all checks passed|tests passed" "$OUT/sanitizer.log" "$OUT/tests.log" | sort | uniq -c
grep -E "^=== " "$OUT/sanitizer.log" | tr '\n' ' '; echo
for r in 1 2 3; do
  timeout 90 build-gpu/apps/spgemm_bench > /tmp/b.log 2>&1; echo "bench rc=$?"; cat /tmp/b.log >> "$OUT/bench.log"
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 order" /tmp/b.log | awk -v t="r$r" '{s = ($5 == "sym") ? "_sym" : ""; printf "%s %s %s %s/%s=%s\n", t, $1, $4 s, $(NF-14), $(NF-10), $(NF-6)}'
  grep -E "^  3d7-101 level 0  (A\*P|P\^T\*\(AP\)) " /tmp/b.log
  awk -v t="r$r" '/^  .* level [1-9] / && !/^  2d[59]-1024 level 1 / {n++; x=$(NF-4); if (x+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s%s %s", $1, $3, $4, ($5=="sym"?"s":""), x)} END {print t " coarse (sym rows too) within 0.15 ms: " ok " of " n miss}' /tmp/b.log
done
echo "all done $((SECONDS - t0)) s"
