#!/usr/bin/env bash
# Run 345 (H200): run 344 again, six rounds, with --repeat 3: did the threaded
# initialisation change the setups that follow (run 344: first setups 16.7-18.0 ms
# against 15.8-17.3)? Wall time of whole processes, the commit before (carried as
# .deps/old-prev.tgz) against head, in turn: 3D 27-point and 2D 5-point.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
[ -d /opt/deps/usr ] || { mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; }
export CMAKE_PREFIX_PATH=/opt/deps/usr
build() { cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release > "$OUT/build_$3.log" 2>&1 &&
  cmake --build "$2" -j 16 --target amg_solve >> "$OUT/build_$3.log" 2>&1; }
mkdir -p /tmp/old && tar -xzf .deps/old-prev.tgz -C /tmp/old
build /tmp/old /tmp/build-old old & build . build-gpu new & wait
[ -x /tmp/build-old/apps/amg_solve ] && [ -x build-gpu/apps/amg_solve ] || { tail -20 "$OUT"/build_*.log; exit 1; }
for round in 1 2 3 4 5 6; do
  for c in poisson3d_27pt poisson2d_5pt; do
    for v in old new; do
      b=build-gpu; [ $v = old ] && b=/tmp/build-old
      t0=$(date +%s%N)
      $b/apps/amg_solve --config configs/$c.cfg --set output.verbose=false --repeat 3 > "$OUT/run.log" 2>&1
      rc=$?
      t1=$(date +%s%N)
      printf '%d %-15s %s rc %d wall %7.1f ms | %s | %s\n' $round $c $v $rc $(( (t1 - t0) / 100000 ))e-1 \
        "$(grep -o 'initialisation.*) [0-9.]* ms' "$OUT/run.log" | grep -o '[0-9.]* ms')" \
        "$(grep -o 'setup [0-9.]* ms, solve [0-9.]* ms' "$OUT/run.log") | later $(grep -o 'setup  *median  *[0-9.]*' "$OUT/run.log" | grep -o '[0-9.]*$')"
    done
  done
done | tee "$OUT/wall.log"
