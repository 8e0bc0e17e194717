#!/usr/bin/env bash
# Run 112: b_lookup with BY_ROWS as a template parameter of the pair kernels (the column-order instances keep their registers) and AUTO needing B's rows below 0.7 of the column order's estimated loads: build, ctest -L gpu, memcheck test_gpu_spgemm and test_gpu_formats, spgemm_bench --profile (model and SA hierarchy) with --b-lookup auto, columns and rows, amg_solve --compare-orders cusparse --repeat 10.
# Code: ffa5553.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run112.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=250 SANITIZE="build-gpu/tests/test_gpu_spgemm build-gpu/tests/test_gpu_formats" scripts/gpu_check.sh memcheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
for v in auto columns rows; do
  timeout 120 build-gpu/apps/spgemm_bench --profile --b-lookup $v > "$F/spgemm_$v.log" 2>&1
done
for v in auto columns; do
  timeout 100 build-gpu/apps/spgemm_bench --hierarchy --profile --b-lookup $v > "$F/hierarchy_$v.log" 2>&1
done
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt poisson3d_27pt; do
  echo "=== $c" >> "$F/compare.log"
  timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false \
    --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
for v in auto columns rows; do
  echo "== $v: $(grep -E "level [1-9]" "$F/spgemm_$v.log" | grep -v -E "order|A\^2|sym" | grep -v -E "(2d5|2d9)-1024 level 1 " | awk '{for(i=1;i<=NF;i++) if($i=="tile") t=$(i+1); n++; if (t<=0.15) k++} END {print k" of "n" within 0.15 ms (levels < 100k rows)"}')"
  sed -n '1,/per-step/p' "$F/spgemm_$v.log" | grep -E "^[23]d.* 0 (A\^2|order pt_ap|order pta_p) " | cut -c1-100
done
x() { grep -E "^  .*level" "$1" | sed -E 's/^ +([^ ]+) level ([0-9]+) +(.*[^ ]) +tile ([0-9.]+) ms, cusparse ([0-9.]+) ms/\1 \2 \3|\4|\5/'; }
echo "problem lv op | columns | rows | auto | cusparse(auto)"
paste -d'|' <(x $F/spgemm_columns.log | cut -d'|' -f1,2) <(x $F/spgemm_rows.log | cut -d'|' -f2) <(x $F/spgemm_auto.log | cut -d'|' -f2,3) | grep -E "^[^ ]+ [012] " | grep -v sym
grep -E "^===|sum \|" "$F/compare.log" | awk '/===/{printf "%s ", $2; next}{gsub(/\|/," "); printf "%s / %s (%.3fx)\n", $2,$6,$6/$2}'
for v in auto columns; do echo "== steps $v"; sed -n '/per-step/,$p' "$F/spgemm_$v.log" | grep -E " 0 (P\^T\*A|\(P\^T A\)\*P) "; done
for v in auto columns; do echo "== SA $v"; x $F/hierarchy_$v.log | grep -E " [01] " | grep -v sym | tr '\n' ';'; echo; done
