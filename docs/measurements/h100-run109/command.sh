#!/usr/bin/env bash
# Run 109: B's column order from B^T in spgemm_bench where the operation has it (as the setup), and a single-block column sort up to 16384 tiles: build, ctest -L gpu, memcheck test_gpu_formats, spgemm_bench --profile (model and SA hierarchy) with and without --no-b-transpose, amg_solve --compare-orders cusparse --repeat 10.
# Code: 9ffe27e's spgemm_bench B^T change, plus a one-block sort of up to 16384 tiles (1024 threads) in formats/tile_columns.cu that was not kept: its columns step took 0.054-0.057 ms on 12,872 tiles (P^T*(AP) at level 1 in both logs), where CUB's took 0.041-0.058 ms in runs 106 and 110.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run109.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=200 SANITIZE="build-gpu/tests/test_gpu_formats" scripts/gpu_check.sh memcheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
for v in bt sort; do
  x=; [ $v = sort ] && x=--no-b-transpose
  timeout 120 build-gpu/apps/spgemm_bench --profile $x > "$F/spgemm_$v.log" 2>&1
  timeout 100 build-gpu/apps/spgemm_bench --hierarchy --profile $x > "$F/hierarchy_$v.log" 2>&1
done
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt poisson3d_27pt; do
  echo "=== $c" >> "$F/compare.log"
  timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false \
    --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
for v in bt sort; do
  echo "== $v"
  sed -n '/per-step/,$p' "$F/spgemm_$v.log" | grep -E "^3d.* 1 " | grep -v sym | cut -c1-130
  sed -n '/per-step/,$p' "$F/spgemm_$v.log" | grep -E " 0 A\^2" | cut -c1-130
  sed -n '1,/per-step/p' "$F/spgemm_$v.log" | grep -E "^3d.* 0 (A\^2|order pt_ap|order pta_p) " | cut -c1-100
  echo "$v: $(grep -E "level [1-9]" "$F/spgemm_$v.log" | grep -v -E "order|A\^2|sym" | grep -v -E "(2d5|2d9)-1024 level 1 " | awk '{for(i=1;i<=NF;i++) if($i=="tile") t=$(i+1); n++; if (t<=0.15) k++} END {print k" of "n" within 0.15 ms (levels < 100k rows)"}')"
done
grep -E "^===|sum \|" "$F/compare.log" | awk '/===/{printf "%s ", $2; next}{gsub(/\|/," "); printf "%s / %s (%.3fx)\n", $2,$6,$6/$2}'
