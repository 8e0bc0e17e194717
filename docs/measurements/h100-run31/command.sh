#!/usr/bin/env bash
# Run 31: the row kernel with 1-8 half-warps per C tile row; tests, sanitizers on test_gpu_spgemm, SA-hierarchy products (pairs / rows / auto), in-setup Galerkin comparison, solve.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_spgemm" STEP_TIMEOUT=200 scripts/gpu_check.sh build tests memcheck racecheck > "$F/run.txt" 2>&1
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/"
for k in pairs rows auto; do
  echo "##### --numeric $k" >> "$F/hierarchy.log"
  timeout 100 build-gpu/apps/spgemm_bench --numeric $k --hierarchy --profile >> "$F/hierarchy.log" 2>&1
done
OUT=/tmp/gc2 STEP_TIMEOUT=100 scripts/gpu_check.sh solve > "$F/run_solve.txt" 2>&1
cp /tmp/gc2/solve.log "$F/"
for c in poisson3d_27pt poisson3d_7pt; do
  timeout 100 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false --compare-orders cusparse \
    --repeat 10 > "$F/compare_$c.log" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt" "$F/run_solve.txt"
grep -E "tests passed" "$F/tests.log"
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
grep -E "#####|level [01] .*(A\*P|P\^T\*\(AP\))" "$F/hierarchy.log"
grep -E "converged after|setup  .*median|solve  .*median" "$F/solve.log"
for c in poisson3d_27pt poisson3d_7pt; do echo "== $c"; tail -6 "$F/compare_$c.log"; done
