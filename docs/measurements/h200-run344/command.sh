#!/usr/bin/env bash
# Run 344 (H200): amg_solve's GPU initialisation on a second thread, during
# the matrix's generation or reading. Wall time of whole processes, the commit
# before (carried as .deps/old-prev.tgz) against head, in turn, three rounds:
# the README's main job (3D 27-point) and the 2D 5-point problem.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
[ -d /opt/deps/usr ] || { mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; }
export CMAKE_PREFIX_PATH=/opt/deps/usr
build() { cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release > "$OUT/build_$3.log" 2>&1 &&
  cmake --build "$2" -j 16 --target amg_solve >> "$OUT/build_$3.log" 2>&1; }
mkdir -p /tmp/old && tar -xzf .deps/old-prev.tgz -C /tmp/old
build /tmp/old /tmp/build-old old & build . build-gpu new & wait
[ -x /tmp/build-old/apps/amg_solve ] && [ -x build-gpu/apps/amg_solve ] || { tail -20 "$OUT"/build_*.log; exit 1; }
for round in 1 2 3; do
  for c in poisson3d_27pt poisson2d_5pt; do
    for v in old new; do
      b=build-gpu; [ $v = old ] && b=/tmp/build-old
      t0=$(date +%s%N)
      $b/apps/amg_solve --config configs/$c.cfg --set output.verbose=false > "$OUT/run.log" 2>&1
      rc=$?
      t1=$(date +%s%N)
      printf '%d %-15s %s rc %d wall %7.1f ms | %s | %s\n' $round $c $v $rc $(( (t1 - t0) / 100000 ))e-1 \
        "$(grep -o 'initialisation.*) [0-9.]* ms' "$OUT/run.log" | grep -o '[0-9.]* ms')" \
        "$(grep -o 'setup [0-9.]* ms, solve [0-9.]* ms' "$OUT/run.log")"
    done
  done
done | tee "$OUT/wall.log"
