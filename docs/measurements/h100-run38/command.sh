#!/usr/bin/env bash
# Run 38: after the review clean-ups (csr32 copies removed, spgemm_bench hands its CSR over, shared reduction grid): ctest -L gpu, memcheck on spgemm/spmv/solve tests, racecheck on test_gpu_spmv, a short spgemm_bench, the 3D 27-point solve.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_spgemm build-gpu/tests/test_gpu_spmv build-gpu/tests/test_solve:gpu" STEP_TIMEOUT=250 scripts/gpu_check.sh build tests memcheck > "$F/run.txt" 2>&1
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_spmv" STEP_TIMEOUT=250 scripts/gpu_check.sh racecheck >> "$F/run.txt" 2>&1
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/"
timeout 100 build-gpu/apps/spgemm_bench --problem 2d5 --levels 2 --reps 3 > "$F/spgemm.log" 2>&1; echo "spgemm_bench rc=$?" >> "$F/run.txt"
timeout 100 build-gpu/apps/amg_solve --config configs/poisson3d_27pt.cfg --set output.verbose=false --repeat 3 > "$F/solve.log" 2>&1; echo "amg_solve rc=$?" >> "$F/run.txt"
grep -E ": (ok|FAILED)|rc=" "$F/run.txt"
grep -E "tests passed" "$F/tests.log"
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
grep -E " 0 (A\^2|order)" "$F/spgemm.log"
grep -E "converged after|^setup [0-9]|median" "$F/solve.log"
