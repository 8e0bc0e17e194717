#!/usr/bin/env bash
# Run 305 (warm after run 304, same build): amg_solve on the four full-size configs (--repeat 3), then
# three rounds of spgemm_bench, the level-0 Galerkin lines and the coarse count as in run 300.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
OUT=$OUT STEP_TIMEOUT=120 SOLVE_REPEAT=3 scripts/gpu_check.sh solve > "$OUT/checks.txt" 2>&1
grep -hE "^amg_solve:.*rows|converged after|^  setup \+ solve" "$OUT/solve.log"
for r in 1 2 3; do
  timeout 90 build-gpu/apps/spgemm_bench > /tmp/b.log 2>&1; echo "bench rc=$?"; cat /tmp/b.log >> "$OUT/bench.log"
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 order" /tmp/b.log | awk -v t="r$r" '{s = ($5 == "sym") ? "_sym" : ""; printf "%s %s %s %s/%s=%s\n", t, $1, $4 s, $(NF-14), $(NF-10), $(NF-6)}'
  grep -E "^  3d7-101 level 0  (A\*P|P\^T\*\(AP\)) " /tmp/b.log
  awk -v t="r$r" '/^  .* level [1-9] / && !/^  2d[59]-1024 level 1 / {n++; x=$(NF-4); if (x+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s%s %s", $1, $3, $4, ($5=="sym"?"s":""), x)} END {print t " coarse (sym rows too) within 0.15 ms: " ok " of " n miss}' /tmp/b.log
done
echo "all done $((SECONDS - t0)) s"
