#!/usr/bin/env bash
# Run 337 (H200): the renumbering's time on the device's host after the
# peripheral search was cut to two searches: the shuffled 1000 x 1000 grid,
# rcm, one setup and solve.
[ -d /opt/deps/usr ] || { mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; }
export CMAKE_PREFIX_PATH=/opt/deps/usr
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > "$OUT/build.log" 2>&1 &&
  cmake --build build-gpu -j 16 --target amg_solve >> "$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; }
d=$(mktemp -d)
awk -v n=1000 -f tests/shuffled_grid.awk > "$d/shuffled.mtx"
printf 'problem: { type = "matrix_market"; file = "shuffled.mtx"; reorder = "rcm"; };\noutput: { verbose = false; };\n' > "$d/s.cfg"
for k in 1 2 3; do build-gpu/apps/amg_solve --config "$d/s.cfg" --backend gpu >> "$OUT/rcm.log" 2>&1; done
grep -E "renumbered|converged after|^setup " "$OUT/rcm.log"
