#!/usr/bin/env bash
# Run 340 (H200): run 339 found that growing the pool first does not help the
# first setup (level-0 prolongator and Galerkin 1-3.4 ms slower than later).
# Is it the lazy loading of kernels? The first setup with every module loaded
# at start (CUDA_MODULE_LOADING=EAGER), and after a setup on a smaller grid.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
[ -d /opt/deps/usr ] || { mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; }
export CMAKE_PREFIX_PATH=/opt/deps/usr
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > "$OUT/build.log" 2>&1 &&
  cmake --build build-gpu -j 16 --target amg_solver >> "$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; }
d=docs/measurements/h200-run340
gcc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Iformats -Ispgemm -Isolver -c $d/first_setup.c -o /tmp/fs.o &&
  nvcc /tmp/fs.o build-gpu/solver/libamg_solver.a build-gpu/spgemm/libamg_spgemm.a build-gpu/formats/libamg_formats.a \
    -lcusparse -lcusolver -lcublas -o /tmp/fs || exit 1
for p in "7 101 40" "5 1024 200"; do
  set -- $p
  echo "##### stencil $1 n $2 lazy"; /tmp/fs $1 $2 0 3
  echo "##### stencil $1 n $2 eager"; CUDA_MODULE_LOADING=EAGER /tmp/fs $1 $2 0 3
  echo "##### stencil $1 n $2 after n $3"; /tmp/fs $1 $2 0 3 $3
  echo "##### stencil $1 n $2 after n $2"; /tmp/fs $1 $2 0 3 $2
done > "$OUT/first_setup.log" 2>&1
grep -E "#####|^init|^pre|^setup|level 0" "$OUT/first_setup.log" | cut -c1-150
