#!/usr/bin/env bash
# Configures and builds into build/ (extra arguments go to cmake's configure).
# CUDA sources are compiled wherever nvcc is found, even with no GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure_deps.sh
if ! command -v nvcc >/dev/null 2>&1 && [ -x /usr/local/cuda/bin/nvcc ]; then
  export CUDACXX=/usr/local/cuda/bin/nvcc
fi
generator=()
command -v ninja >/dev/null 2>&1 && [ ! -f build/Makefile ] && generator=(-G Ninja)
cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build build -j "$(nproc)"
