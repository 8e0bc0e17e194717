#!/usr/bin/env bash
# Run 30: coalesced entry copy in CSR -> tile, product counts by tile rows; tests, sanitizers on test_gpu_formats and test_gpu_spgemm, conversion bench, solve, kernel profile of the 3D 27-point run.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_formats build-gpu/tests/test_gpu_spgemm" STEP_TIMEOUT=200 scripts/gpu_check.sh build tests memcheck racecheck > "$F/run.txt" 2>&1
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/"
timeout 150 build-gpu/apps/spgemm_bench --levels 1 > "$F/spgemm.log" 2>&1
OUT=/tmp/gc2 STEP_TIMEOUT=100 scripts/gpu_check.sh solve > "$F/run_solve.txt" 2>&1
cp /tmp/gc2/solve.log "$F/"
timeout 200 ncu --metrics gpu__time_duration.sum --csv build-gpu/apps/amg_solve --config configs/poisson3d_27pt.cfg --set output.verbose=false > /tmp/ncu.csv 2>&1
grep -E "products_kernel|row_nnz_kernel|tiles_kernel" /tmp/ncu.csv | awk -F'","' '{print $5 "|" $9 "|" $15}' | sed 's/(.*)|/|/' > "$F/ncu_products.txt"
grep -E ": (ok|FAILED)" "$F/run.txt" "$F/run_solve.txt"
grep -E "tests passed" "$F/tests.log"
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
grep -E "csr->tile" "$F/spgemm.log"
grep -E "CSR -> tile|setup total|median" "$F/solve.log"
tail -12 "$F/ncu_products.txt"
