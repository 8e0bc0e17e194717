#!/usr/bin/env bash
# The README's test command: builds everything and runs the whole CTest suite.
# CPU tests must pass; GPU tests report "skipped" where there is no GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh "$@"
ctest --test-dir build --output-on-failure --no-tests=error -j "$(nproc)"
