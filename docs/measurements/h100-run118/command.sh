#!/usr/bin/env bash
# Run 118: step 2 compaction by a thread per candidate (two passes) against the half-warp form (HEAD), in one run: build, ctest -L gpu, memcheck test_gpu_spgemm, spgemm_bench --profile --levels 1 of both builds (two rounds), amg_solve --compare-orders cusparse of the new build.
# Code: a6db4ae plus docs/measurements/h100-run118/compact_thread.diff (not kept); "old" is the commit itself.
# gpu_in/old/ held the committed (HEAD) copies of the changed .cu files.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run118.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=250 SANITIZE="build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh memcheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf /tmp/old; mkdir /tmp/old; cp -r CMakeLists.txt cmake apps solver spgemm formats configs tests scripts /tmp/old/
cp gpu_in/old/tile_symbolic.cu /tmp/old/spgemm/
grep -c compact_thread_kernel /tmp/old/spgemm/tile_symbolic.cu spgemm/tile_symbolic.cu
(cd /tmp/old && cmake -S . -B b -G Ninja -DCMAKE_BUILD_TYPE=Release > /tmp/old.log 2>&1 && cmake --build b -j 16 --target spgemm_bench >> /tmp/old.log 2>&1) || { echo "build old failed"; tail -20 /tmp/old.log; }
for round in 1 2; do
  timeout 100 build-gpu/apps/spgemm_bench --profile --levels 1 > "$F/new$round.log" 2>&1
  timeout 100 /tmp/old/b/apps/spgemm_bench --profile --levels 1 > "$F/old$round.log" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  echo "=== $c" >> "$F/compare.log"
  timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false \
    --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done
grep -E "^===|sum \|" "$F/compare.log" | awk '/===/{printf "%s ", $2; next}{gsub(/\|/," "); printf "%s / %s (%.3fx)\n", $2,$6,$6/$2}' 
x() { grep -E "^  .*level" "$1" | sed -E 's/^ +([^ ]+) level ([0-9]+) +(.*[^ ]) +tile ([0-9.]+) ms, cusparse ([0-9.]+) ms/\1 \3|\4|\5/'; }
echo "problem op | new1 | new2 | old1 | old2 | cusparse(new1) | cusparse(old1)"
paste -d'|' <(x $F/new1.log | cut -d'|' -f1,2) <(x $F/new2.log | cut -d'|' -f2) <(x $F/old1.log | cut -d'|' -f2) <(x $F/old2.log | cut -d'|' -f2) <(x $F/new1.log | cut -d'|' -f3) <(x $F/old1.log | cut -d'|' -f3) | grep -v sym
for v in new1 new2 old1 old2; do echo "== steps $v"; sed -n '/per-step/,$p' "$F/$v.log" | grep -E " 0 (A\^2|A\*P|P\^T\*A) "; done
