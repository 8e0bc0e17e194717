#!/usr/bin/env bash
# Run 97: one pass as committed in 8c0deb9 (AUTO only for pair lists averaging over 16 tiles; the fused instance at 5 blocks) against 23b7aec (gpu_in/old): build, ctest -L gpu, memcheck test_gpu_spgemm, spgemm_bench --hierarchy --profile with --passes two and auto, the model spgemm_bench with --passes two and auto, amg_solve --compare-orders cusparse --repeat 10 on the four problems, new and old alternated twice; amg_solve --repeat 10 on the four problems (scripts/gpu_check.sh solve, its log appended to compare.log).
# gpu_in/old held `git archive 23b7aec` (docs removed).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=200 SANITIZE="build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh memcheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
export CMAKE_PREFIX_PATH=/opt/deps/usr
(cd gpu_in/old && cmake -S . -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release && cmake --build build-old -j 16 --target amg_solve) >> "$F/run.txt" 2>&1
echo "old build rc=$?"
for p in two auto; do
  timeout 100 build-gpu/apps/spgemm_bench --hierarchy --profile --passes $p > "$F/hierarchy_$p.log" 2>&1
  timeout 150 build-gpu/apps/spgemm_bench --passes $p > "$F/spgemm_$p.log" 2>&1
done
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  for round in 1 2; do
    for v in new old; do
      b=build-gpu/apps; [ $v = old ] && b=gpu_in/old/build-old/apps
      echo "=== $c $v $round" >> "$F/compare.log"
      timeout 60 $b/amg_solve --config configs/$c.cfg --set output.verbose=false \
        --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
    done
  done
done
OUT=/tmp/gc scripts/gpu_check.sh solve >> "$F/run.txt" 2>&1
cat /tmp/gc/solve.log >> "$F/compare.log"
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
for p in two auto; do echo "== $p"; grep -E " level 0  (A\*P|P\^T\*\(AP\) sym) " "$F/hierarchy_$p.log" | head -8 | cut -c1-100; done
grep -E "^===|sum \|" "$F/compare.log" | awk '/===/{printf "%s %s %s ", $2,$3,$4; next}{gsub(/\|/," "); print $2,$4,$6,$8}'
grep -E "iterations|setup total" /tmp/gc/solve.log | head -12
for p in two auto; do echo "$p: $(grep -E "level [1-9]" "$F/spgemm_$p.log" | grep -v -E "order|A\^2|sym" | awk '{for(i=1;i<=NF;i++) if($i=="tile") t=$(i+1); n++; if (t<=0.15) k++} END {print k" of "n" within 0.15 ms"}')"; done
