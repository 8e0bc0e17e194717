#!/usr/bin/env bash
# Run 138: the model at every level, c8505ec (new) against b7a0690 (old, the session's start, gpu_in/old) built beside it: spgemm_bench twice each, alternating, for the coarse products' fixed cost.
# Code: new: c8505ec plus run 139's uncommitted mirror change (used only by symmetric products, which the coarse count leaves out); old: b7a0690 (gpu_in/old).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run138.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu build-old build-li
(cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 16 --target spgemm_bench > /tmp/build_new.log 2>&1); echo "new build rc=$?"
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 16 --target spgemm_bench > /tmp/build_old.log 2>&1); echo "old build rc=$?"
for round in 1 2; do
  for v in new old; do
    b=build-gpu; [ $v = old ] && b=build-old
    timeout 100 $b/apps/spgemm_bench > "$F/bench_${v}_$round.log" 2>&1
  done
done
ext() { grep -E "^  .* level [1-9] " "$1" | grep -v order | grep -v -E "A\^2|sym" | grep -v -E "(2d5|2d9)-1024 level 1 " | sed -E 's/ +tile ([0-9.]+) ms, cusparse ([0-9.]+) ms/|\1|\2/'; }
paste -d'|' <(ext "$F/bench_new_1.log") <(ext "$F/bench_new_2.log" | cut -d'|' -f2) <(ext "$F/bench_old_1.log" | cut -d'|' -f2) <(ext "$F/bench_old_2.log" | cut -d'|' -f2) > "$F/coarse.txt"
for c in 2 4 5 6; do echo "column $c: $(cut -d'|' -f$c "$F/coarse.txt" | awk '$1 <= 0.15 {k++} END {print k+0}') of $(wc -l < "$F/coarse.txt") within 0.15 ms"; done
cat "$F/coarse.txt"
