# Run 363 (H100, the same warm machine as run 362, the tree of 1a0edaf): racecheck of test_api_edges gpu
# in six parts, six at once on the one GPU (part 0, sections 0 and 6, ran past its 510 s).
OUT=$OUT scripts/gpu_check.sh build > $OUT/part0.txt 2>&1; L=""; for k in 0 1 2 3 4 5; do L="$L build-gpu/tests/test_api_edges:gpu:$k/6"; done; OUT=$OUT STEP_TIMEOUT=510 SANITIZE_JOBS=6 SANITIZE="$L" scripts/gpu_check.sh racecheck > $OUT/part1.txt 2>&1; tail -9 $OUT/part1.txt; grep -hE "RACECHECK SUMMARY|part [0-9] of" $OUT/sanitizer.log
