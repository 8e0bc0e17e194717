# Run 365 (H100, 2026-12-08, the tree of bcddf2a, the final code of the session): build and ctest -L gpu.
OUT=$OUT scripts/gpu_check.sh build tests > $OUT/part0.txt 2>&1; tail -3 $OUT/part0.txt; grep -E "tests passed|Failed|Passed" $OUT/tests.log
