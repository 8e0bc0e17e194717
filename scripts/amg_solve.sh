#!/usr/bin/env bash
# The README's main command: builds (once) and runs amg_solve with the given
# arguments, e.g.  scripts/amg_solve.sh --config configs/poisson3d_27pt.cfg
# Uses the GPU when one is present, otherwise the CPU backend (with a notice).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x build/apps/amg_solve ]; then
  scripts/build.sh >&2
else
  cmake --build build -j "$(nproc)" >&2
fi
exec build/apps/amg_solve "$@"
