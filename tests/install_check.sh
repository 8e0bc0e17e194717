#!/usr/bin/env bash
# The install, from an embedder's side: installs the build into a fresh
# prefix, then configures, builds and runs examples/embed against that
# prefix alone (find_package(amg_tile)), and checks that amg_solve was
# installed and runs. Usage: install_check.sh CMAKE BUILD_DIR SOURCE_DIR C_COMPILER [CUDA_ROOT]
set -u
cmake=$1; build=$2; src=$3; cc=$4; cuda_root=${5:-}
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
step() { # step NAME COMMAND...: runs it, its output in $dir/log; stops the check on failure
  local name=$1; shift
  if ! timeout 300 "$@" >"$dir/log" 2>&1; then
    echo "FAIL $name: $*"; tail -20 "$dir/log" | sed 's/^/  /'
    exit 1
  fi
  echo "ok   $name"
}
step install "$cmake" --install "$build" --prefix "$dir/prefix"
for f in include/amg_tile/amg.h 'lib*/cmake/amg_tile/amg_tileConfig.cmake' bin/amg_solve; do # lib, lib64, ...
  compgen -G "$dir/prefix/$f" >/dev/null || { echo "FAIL install: $f is missing"; exit 1; }
done
args=(-S "$src/examples/embed" -B "$dir/embed" -DCMAKE_PREFIX_PATH="$dir/prefix" -DCMAKE_C_COMPILER="$cc")
[ -n "$cuda_root" ] && args+=(-DCUDAToolkit_ROOT="$cuda_root")
step configure "$cmake" "${args[@]}"
step build "$cmake" --build "$dir/embed"
step run "$dir/embed/embed" 64
grep '^embed:' "$dir/log"
step amg_solve "$dir/prefix/bin/amg_solve" --backend cpu --config "$src/configs/poisson2d_5pt_small.cfg"
grep -q 'converged after' "$dir/log" || { echo "FAIL amg_solve: no 'converged after' in its output"; exit 1; }
echo "ok   installed amg_solve converged"
