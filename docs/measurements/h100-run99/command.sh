#!/usr/bin/env bash
# Run 99 (code 7183735): build, ctest -L gpu, memcheck (all 7 GPU test programs), amg_solve --compare-orders cusparse --repeat 10 on the four problems against 23b7aec (gpu_in/old), new and old alternated twice, amg_solve --repeat 10 on the four problems, the model spgemm_bench --passes two / auto alternated twice, spgemm_bench --hierarchy --profile.
# gpu_in/old held `git archive 23b7aec` (docs removed).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run99.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh memcheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
export CMAKE_PREFIX_PATH=/opt/deps/usr
(cd gpu_in/old && cmake -S . -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release && cmake --build build-old -j 16 --target amg_solve) >> "$F/run.txt" 2>&1
echo "old build rc=$?"
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
cp /tmp/gc/solve.log "$F/solve.log"
for round in 1 2; do
  for p in two auto; do
    echo "=== $p $round" >> "$F/spgemm.log"
    timeout 100 build-gpu/apps/spgemm_bench --passes $p >> "$F/spgemm.log" 2>&1
  done
done
timeout 100 build-gpu/apps/spgemm_bench --hierarchy --profile > "$F/hierarchy.log" 2>&1
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
grep -E "^===|sum \|" "$F/compare.log" | awk '/===/{printf "%s %s %s ", $2,$3,$4; next}{gsub(/\|/," "); print $2,$4,$6,$8}'
grep -E "iterations|setup total" "$F/solve.log" | head -12
awk '/^===/{if (n) print name": "k" of "n" within 0.15 ms"; name=$2" "$3; n=0; k=0; next} / level [1-9] / && !/order|A\^2|sym/ {for(i=1;i<=NF;i++) if($i=="tile") t=$(i+1); n++; if (t<=0.15) k++} END {print name": "k" of "n" within 0.15 ms"}' "$F/spgemm.log"
grep -E " level 0 " "$F/spgemm.log" | grep -E "order|A\^2" | tail -24
