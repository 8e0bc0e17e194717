#!/usr/bin/env bash
# Run 321: the first run on an H200 since run 291 (the H100 is no longer lent).
# main at this session's start (kernels unchanged since ade0202): build,
# ctest -L gpu, three full rounds of spgemm_bench, three more of the 3D 7-point
# level 0 alone, and amg_solve on the four problems (iterations, true residual).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,clocks.max.mem --format=csv,noheader
OUT=$OUT STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$OUT/checks.txt" 2>&1
sed -n '/==== summary/,$p' "$OUT/checks.txt" | grep -v "^name\|^NVIDIA"
grep -E "tests passed" "$OUT/tests.log"
echo "checks $((SECONDS - t0)) s"
for r in 1 2 3; do
  timeout 90 build-gpu/apps/spgemm_bench > /tmp/b.log 2>&1; echo "bench rc=$?"; cat /tmp/b.log >> "$OUT/bench.log"
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 order" /tmp/b.log | awk -v t="r$r" '{s = ($5 == "sym") ? "_sym" : ""; printf "%s %s %s %s/%s=%s\n", t, $1, $4 s, $(NF-14), $(NF-10), $(NF-6)}'
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 A\^2" /tmp/b.log | awk -v t="r$r" '{printf "%s %s A^2 %s/%s=%s\n", t, $1, $(NF-14), $(NF-10), $(NF-6)}'
  awk -v t="r$r" '/^  .* level [1-9] / && !/^  2d[59]-1024 level 1 / {n++; x=$(NF-4); if (x+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s%s %s", $1, $3, $4, ($5=="sym"?"s":""), x)} END {print t " coarse (sym rows too) within 0.15 ms: " ok " of " n miss}' /tmp/b.log
done
for r in 4 5 6; do
  timeout 60 build-gpu/apps/spgemm_bench --problem 3d7 --levels 1 > /tmp/b.log 2>&1; cat /tmp/b.log >> "$OUT/bench_3d7.log"
  grep -E "^3d7-101 +0 (A\*P|P\^T\*\(AP\)|order pt_ap) " /tmp/b.log | awk -v t="r$r" '{n=$3; if ($4=="pt_ap") n="pt_ap" ($5=="sym"?"_sym":""); printf "%s %s %s/%s=%s\n", t, n, $(NF-14), $(NF-10), $(NF-6)}'
done
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  timeout 120 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false >> "$OUT/solve.log" 2>&1; echo "$c rc=$?"
done
grep -E "converged after|^setup" "$OUT/solve.log"
echo "all done $((SECONDS - t0)) s"
