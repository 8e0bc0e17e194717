#!/usr/bin/env bash
# Run 330: the final head (d3cc5be): build and ctest -L gpu only (host-side changes since run 329).
OUT=$OUT STEP_TIMEOUT=240 scripts/gpu_check.sh build tests > "$OUT/checks.txt" 2>&1
