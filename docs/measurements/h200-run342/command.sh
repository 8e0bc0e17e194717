#!/usr/bin/env bash
# Run 342 (H200): run 341 gave the later setups 1.5-2 ms less than runs
# 336-338 too, not only the first. The same machine and run: main before
# fb57827 (52306eb, lazy kernel loading) against head, amg_solve on the four
# problems with --repeat 5, binaries taken in turn, two rounds.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
[ -d /opt/deps/usr ] || { mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; }
export CMAKE_PREFIX_PATH=/opt/deps/usr
build() { cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release > "$OUT/build_$3.log" 2>&1 &&
  cmake --build "$2" -j 16 --target amg_solve >> "$OUT/build_$3.log" 2>&1; }
mkdir -p /tmp/old && tar -xzf .deps/old-52306eb.tgz -C /tmp/old  # git archive 52306eb (code only), carried in .deps
build /tmp/old /tmp/build-old old & build . build-gpu new & wait
[ -x /tmp/build-old/apps/amg_solve ] && [ -x build-gpu/apps/amg_solve ] || { tail -20 "$OUT"/build_*.log; exit 1; }
for round in 1 2; do
  for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
    for v in old new; do
      b=build-gpu; [ $v = old ] && b=/tmp/build-old
      echo "##### round $round $c $v"
      $b/apps/amg_solve --config configs/$c.cfg --set output.verbose=false --set 'output.report=""' --repeat 5
    done
  done
done > "$OUT/ab.log" 2>&1
awk '/^#####/{h=$3" "$4" "$5} /GPU initialisation/{i=$(NF-4)} /^setup [0-9.]+ ms/{f=$2} /setup          median/{printf "%-32s init %7s  first setup %7s  median %7s (%s %s)\n", h, i, f, $3, $6, $8}' "$OUT/ab.log"
