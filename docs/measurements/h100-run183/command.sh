#!/usr/bin/env bash
# Run 183: the final code of this session: clean build, ctest -L gpu, memcheck test_gpu_spgemm; amg_solve --compare-orders cusparse --repeat 10 on the four problems; spgemm_bench (all levels, JSON).
# Code: a9590e1.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run183.sh, run from the repository root)
F=$OUT
rm -rf build-gpu build-old /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  echo "=== $c" >> "$F/compare.log"
  timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false \
    --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done
timeout 150 build-gpu/apps/spgemm_bench --json "$F/spgemm.json" > "$F/bench.log" 2>&1
tail -6 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
grep -E "^===|^  sum" "$F/compare.log"
grep -E " level 0 " "$F/bench.log"
grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 (order|A\^2|csr)" "$F/bench.log" | cut -c1-150
echo "== coarse levels (general products, rows < 100k): within 0.15 ms"
awk '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else print "miss:", $0} END {print ok " of " n}' "$F/bench.log"
