#!/usr/bin/env bash
# Run 166: the symbolic pair kernels shuffle each pair's two tile indices in one 64-bit call, and the symbolic row kernel two candidates per call (new) against 9b545ec (old): test_gpu_spgemm (new); spgemm_bench all levels, new/old x2; ncu of the symbolic kernels (all levels).
# Code: 9b545ec plus symbolic_packed_shuffles_not_kept.diff (new); old: 9b545ec, as gpu_in/old166 (git archive).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run166.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu build-old
(cmake -S gpu_in/old166 -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 8 --target spgemm_bench test_gpu_spgemm > "$F/build.log" 2>&1 || { tail -20 "$F/build.log"; exit 1; }
wait; cat /tmp/old_rc
timeout 150 build-gpu/tests/test_gpu_spgemm > "$F/test.log" 2>&1; echo "test_gpu_spgemm (new) rc=$?"; tail -1 "$F/test.log"
for round in 1 2; do for v in gpu old; do
  timeout 200 build-$v/apps/spgemm_bench > "/tmp/bench_${v}_$round.log" 2>&1
done; done
for f in /tmp/bench_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for v in gpu old; do
  timeout 200 ncu --csv --metrics gpu__time_duration.sum --cache-control none --clock-control none \
    -k regex:"symbolic" build-$v/apps/spgemm_bench --reps 1 > "/tmp/ncu_$v.csv" 2>&1
done
summ() { grep -E "_kernel" "$1" | awk -F'","' '{split($5,a,"("); n=$NF; gsub(/[",]/,"",n); s[a[1]]+=n; c[a[1]]++} END {for (k in s) printf "%s %.1f us (%d)\n", k, s[k]/1000, c[k]}' | sort; }
summ /tmp/ncu_gpu.csv > /tmp/s_gpu; summ /tmp/ncu_old.csv > /tmp/s_old
echo "== ncu kernel sums, all levels of the four problems: new | old"; join -t'|' <(sed 's/ \([0-9.]* us ([0-9]*)\)$/|\1/' /tmp/s_gpu) <(sed 's/ \([0-9.]* us ([0-9]*)\)$/|\1/' /tmp/s_old)
echo "== tile ms: new1 old1 new2 old2 | cusparse (old2)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-24s %s %s %s %s | %s\n", k, t[k,"/tmp/bench_gpu_1.log"], t[k,"/tmp/bench_old_1.log"], t[k,"/tmp/bench_gpu_2.log"], t[k,"/tmp/bench_old_2.log"], c[k]}}' "$F/bench.log" | grep -E " L[01] " | grep -v sym
