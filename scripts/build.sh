#!/usr/bin/env bash
# Configures and builds into build/ (extra arguments go to cmake's configure).
# CUDA sources are compiled wherever nvcc is found, even with no GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/check_build_dir.sh
scripts/ensure_deps.sh "$@"
if ! command -v nvcc >/dev/null 2>&1 && [ -x /usr/local/cuda/bin/nvcc ]; then
  export CUDACXX=/usr/local/cuda/bin/nvcc
fi
generator=() # a configured build/ keeps its generator
[ ! -f build/CMakeCache.txt ] && command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
mkdir -p build
cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "$@" >build/configure.log 2>&1 ||
  { cat build/configure.log >&2; exit 1; }
grep -E "amg_tile: AMG_ENABLE_CUDA|CMake Warning" -A4 build/configure.log >&2 || true
cmake --build build -j "$(nproc)"
