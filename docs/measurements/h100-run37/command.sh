#!/usr/bin/env bash
# Run 37: after c98821b (MIS-2 helper types moved into the anonymous namespace): build, ctest -L gpu, memcheck on test_gpu_aggregate.
cd "$(dirname "$0")/.."  # (was run from the repository root)
mkdir -p /tmp/gc && OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_aggregate" STEP_TIMEOUT=200 scripts/gpu_check.sh build tests memcheck > $OUT/run.txt 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log $OUT/
