#!/usr/bin/env bash
# Run 73: the tile-parallel GPU mirror and galerkin_symmetric_min_rows: build, ctest -L gpu, memcheck (formats, spgemm, setup, solve), racecheck (formats), then amg_solve --repeat 10 with amg.galerkin_symmetric true / false alternating, --compare-orders cusparse both ways, spgemm_bench --hierarchy --profile, spgemm_bench (model).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=200 SANITIZE="build-gpu/tests/test_gpu_formats build-gpu/tests/test_gpu_spgemm build-gpu/tests/test_gpu_setup build-gpu/tests/test_solve:gpu" scripts/gpu_check.sh memcheck >> "$F/run.txt" 2>&1
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_formats" STEP_TIMEOUT=100 scripts/gpu_check.sh racecheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
b=build-gpu/apps
timeout 100 $b/spgemm_bench --hierarchy --profile > "$F/hierarchy.log" 2>&1
for round in 1 2; do
  for sym in true false; do
    for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
      echo "=== round $round sym $sym $c" >> "$F/solve.log"
      timeout 60 $b/amg_solve --config configs/$c.cfg --set output.verbose=false --set amg.galerkin_symmetric=$sym \
        --repeat 10 >> "$F/solve.log" 2>&1
    done
  done
done
for sym in true false; do
  for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
    echo "=== sym $sym $c" >> "$F/compare.log"
    timeout 60 $b/amg_solve --config configs/$c.cfg --set output.verbose=false --set amg.galerkin_symmetric=$sym \
      --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
  done
done
timeout 150 $b/spgemm_bench > "$F/spgemm.log" 2>&1
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed" "$F/tests.log"
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
grep -A60 "per-step" "$F/hierarchy.log" | grep -E "P\^T\*\(AP\)"
grep -E "^===|^  (setup|solve) +median" "$F/solve.log" | paste - - - | awk '{print $3,$5,$6,$10,$17}'
grep -E "^===|^ +0 \||sum \|" "$F/compare.log" | awk '/===/{print; next}{print $1,$3,$8,$13,$18}'
