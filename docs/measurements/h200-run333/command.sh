#!/usr/bin/env bash
# Run 333 (main, no code change): spgemm_bench's kernel options on the real SA
# hierarchy (MIS-2 aggregates), 3D 7-pt and 2D 5-pt, levels 0-1, to see whether
# any AUTO rule is stale there (earlier sweeps were on the structured model).
[ -d /opt/deps/usr ] || { mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; }
export CMAKE_PREFIX_PATH=/opt/deps/usr
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > "$OUT/build.log" 2>&1 &&
  cmake --build build-gpu -j 16 --target spgemm_bench >> "$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; }
log="$OUT/options.log"
for o in "" "--passes two" "--passes one" "--candidates exact" "--candidates layout" "--kernels pairs" \
         "--kernels rows" "--b-lookup rows" "--b-lookup columns" "--row-windows on" "--row-windows off" "--dot on" ""; do
  echo "=== options: ${o:-default}" >> "$log"
  build-gpu/apps/spgemm_bench --hierarchy --problem 3d7 --problem 2d5 --levels 2 $o 2>&1 |
    grep -E "^  SA-" >> "$log"
done
# short table: level-0 P^T*(AP) sym and A*P per option set
awk '/^=== /{o=substr($0,13)} /level 0  (A\*P|P\^T\*\(AP\) sym)/{printf "%-22s %s\n", o, $0}' "$log"
