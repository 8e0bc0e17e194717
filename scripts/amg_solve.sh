#!/usr/bin/env bash
# The README's main command: builds (once) and runs amg_solve with the given
# arguments, e.g.  scripts/amg_solve.sh --config configs/poisson3d_27pt.cfg
# Uses the GPU when one is present, otherwise the CPU backend (with a notice).
# Relative paths in the arguments are the caller's: the directory is not changed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/check_build_dir.sh"
if [ ! -x "$root/build/apps/amg_solve" ]; then
  "$root/scripts/build.sh" >&2
else
  cmake --build "$root/build" --target amg_solve -j "$(nproc)" >&2
fi
exec "$root/build/apps/amg_solve" "$@"
