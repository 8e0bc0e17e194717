#!/usr/bin/env bash
# Run 105: exact candidates in step 1 (tile occupancy) against 7a75e82 (gpu_in/old): build, ctest -L gpu, memcheck test_gpu_spgemm, spgemm_bench --hierarchy --profile and the model spgemm_bench --profile with --candidates exact and layout, amg_solve --compare-orders cusparse --repeat 10 on the four problems, new and old alternated (3D 27-point twice). (Code: the first form of exact candidates, on every product unless --candidates layout; not committed in this form.)
# gpu_in/old held `git archive 7a75e82` (docs removed).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run105.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=200 SANITIZE="build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh memcheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
export CMAKE_PREFIX_PATH=/opt/deps/usr
(cd gpu_in/old && cmake -S . -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release && cmake --build build-old -j 16 --target amg_solve) >> "$F/run.txt" 2>&1
echo "old build rc=$?"
for c in exact layout; do
  timeout 100 build-gpu/apps/spgemm_bench --hierarchy --profile --candidates $c > "$F/hierarchy_$c.log" 2>&1
  timeout 120 build-gpu/apps/spgemm_bench --profile --candidates $c > "$F/spgemm_$c.log" 2>&1
done
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt poisson3d_27pt; do
  for v in new old; do
    b=build-gpu/apps; [ $v = old ] && b=gpu_in/old/build-old/apps
    echo "=== $c $v" >> "$F/compare.log"
    timeout 60 $b/amg_solve --config configs/$c.cfg --set output.verbose=false \
      --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
  done
done
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
for c in exact layout; do echo "== $c"; sed -n '/per-step/,$p' "$F/hierarchy_$c.log" | grep -E " 0 (A\*P|P\^T\*\(AP\) sym) " | cut -c1-130; sed -n '/per-step/,$p' "$F/spgemm_$c.log" | grep -E " 0 A\^2 " | cut -c1-130; done
grep -E "^===|sum \|" "$F/compare.log" | awk '/===/{printf "%s %s ", $2,$3; next}{gsub(/\|/," "); printf "%s / %s (%.3fx)\n", $2,$6,$6/$2}'
for c in exact layout; do echo "$c: $(grep -E "level [1-9]" "$F/spgemm_$c.log" | grep -v -E "order|A\^2|sym" | awk '{for(i=1;i<=NF;i++) if($i=="tile") t=$(i+1); n++; if (t<=0.15) k++} END {print k" of "n" within 0.15 ms"}')"; done
