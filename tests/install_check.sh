#!/usr/bin/env bash
# The install, from an embedder's side: installs the build into a fresh
# prefix, then configures, builds and runs examples/embed against that
# prefix alone (find_package(amg_tile)), and checks that amg_solve was
# installed and runs. Usage: install_check.sh CMAKE BUILD_DIR SOURCE_DIR C_COMPILER [CUDA_ROOT]
# The example is configured with AMG_GENERATOR, AMG_MAKE_PROGRAM, AMG_C_FLAGS
# and AMG_LINKER_FLAGS where set (tests/CMakeLists.txt sets them).
set -u
cmake=$1; build=$2; src=$3; cc=$4; cuda_root=${5:-}
dir=$(mktemp -d "$build/install_check.XXXXXX"); trap 'rm -rf "$dir"' EXIT # not /tmp: it may be noexec
step() { # step NAME COMMAND...: runs it, its output in $dir/log; stops the check on failure
  local name=$1; shift
  if ! timeout 300 "$@" >"$dir/log" 2>&1; then
    echo "FAIL $name: $*"; tail -20 "$dir/log" | sed 's/^/  /'
    exit 1
  fi
  echo "ok   $name"
}
step install "$cmake" --install "$build" --prefix "$dir/prefix"
for f in include/amg_tile/amg.h bin/amg_solve; do
  [ -e "$dir/prefix/$f" ] || { echo "FAIL install: $f is missing"; exit 1; }
done
for f in amg_tileConfig.cmake amg_tileConfigVersion.cmake; do # under lib, lib64, lib/x86_64-linux-gnu, ...
  find "$dir/prefix" -path "*/cmake/amg_tile/$f" | grep -q . || { echo "FAIL install: .../cmake/amg_tile/$f is missing"; exit 1; }
done
args=(-S "$src/examples/embed" -B "$dir/embed" -DCMAKE_PREFIX_PATH="$dir/prefix" -DCMAKE_C_COMPILER="$cc")
[ -n "${AMG_GENERATOR:-}" ] && args+=(-G "$AMG_GENERATOR")
[ -n "${AMG_MAKE_PROGRAM:-}" ] && args+=(-DCMAKE_MAKE_PROGRAM="$AMG_MAKE_PROGRAM")
[ -n "${AMG_C_FLAGS:-}" ] && args+=(-DCMAKE_C_FLAGS="$AMG_C_FLAGS")
[ -n "${AMG_LINKER_FLAGS:-}" ] && args+=(-DCMAKE_EXE_LINKER_FLAGS="$AMG_LINKER_FLAGS")
[ -n "$cuda_root" ] && args+=(-DCUDAToolkit_ROOT="$cuda_root")
step configure "$cmake" "${args[@]}"
step build "$cmake" --build "$dir/embed"
exe=$(find "$dir/embed" -name embed -type f -perm -u+x | head -1) # under Release/ with a multi-config generator
step run "${exe:-$dir/embed/embed}" 64
grep '^embed:' "$dir/log"
step amg_solve "$dir/prefix/bin/amg_solve" --backend cpu --config "$src/configs/poisson2d_5pt_small.cfg"
grep -q 'converged after' "$dir/log" || { echo "FAIL amg_solve: no 'converged after' in its output"; exit 1; }
echo "ok   installed amg_solve converged"
