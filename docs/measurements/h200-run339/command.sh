#!/usr/bin/env bash
# Run 339 (H200): why the first setup of a process takes 4-7 ms more than the
# later ones (runs 305-338). first_setup.c prints each setup's stages; the
# second process of each pair first grows the device pool by one allocation.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
[ -d /opt/deps/usr ] || { mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; }
export CMAKE_PREFIX_PATH=/opt/deps/usr
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > "$OUT/build.log" 2>&1 &&
  cmake --build build-gpu -j 16 --target amg_solver >> "$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; }
d=docs/measurements/h200-run339
gcc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Iformats -Ispgemm -Isolver -c $d/first_setup.c -o /tmp/fs.o &&
  nvcc /tmp/fs.o build-gpu/solver/libamg_solver.a build-gpu/spgemm/libamg_spgemm.a build-gpu/formats/libamg_formats.a \
    -lcusparse -lcusolver -lcublas -o /tmp/fs || exit 1
for p in "7 101 800" "27 101 900" "5 1024 500"; do
  set -- $p
  for r in 0 $3; do
    echo "##### stencil $1 n $2 reserve $r"
    /tmp/fs $1 $2 $r 4
  done
done > "$OUT/first_setup.log" 2>&1
grep -E "#####|^reserve|^setup|level 0" "$OUT/first_setup.log" | cut -c1-150
