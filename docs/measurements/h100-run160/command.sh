#!/usr/bin/env bash
# Run 160: the numeric row kernel takes rows of 257-464 entries in segments of at most 256 (two half-warps per row, the 256-slot instance) instead of the 464-slot instance (new) against 25b7ec7 (old): test_gpu_spgemm (new); spgemm_bench level 0, new/old x2; ncu of the row kernels.
# Code: 25b7ec7 plus row_segments_not_kept.diff (new); old: 25b7ec7, as gpu_in/old160 (git archive).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run160.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu build-old
(cmake -S gpu_in/old160 -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 8 --target spgemm_bench test_gpu_spgemm > "$F/build.log" 2>&1 || { tail -20 "$F/build.log"; exit 1; }
wait; cat /tmp/old_rc
timeout 150 build-gpu/tests/test_gpu_spgemm > "$F/test.log" 2>&1; echo "test_gpu_spgemm (new) rc=$?"; tail -2 "$F/test.log"
for round in 1 2; do for v in gpu old; do
  timeout 200 build-$v/apps/spgemm_bench --levels 1 > "/tmp/bench_${v}_$round.log" 2>&1
done; done
for f in /tmp/bench_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for v in gpu old; do
  timeout 150 ncu --csv --metrics gpu__time_duration.sum --cache-control none --clock-control none \
    -k regex:"rows_kernel" build-$v/apps/spgemm_bench --levels 1 --reps 1 > "/tmp/ncu_$v.csv" 2>&1
done
summ() { grep -E "_kernel" "$1" | awk -F'","' '{split($5,a,"("); n=$NF; gsub(/[",]/,"",n); s[a[1]]+=n; c[a[1]]++} END {for (k in s) printf "%s %.1f us (%d)\n", k, s[k]/1000, c[k]}' | sort; }
for v in gpu old; do echo "== ncu $v (four problems, level 0, all products)"; summ "/tmp/ncu_$v.csv"; done
echo "== level 0 tile ms: new1 old1 new2 old2 | cusparse (old2)"
awk '/^=== /{f=$2} /^  .* level 0 /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-24s %s %s %s %s | %s\n", k, t[k,"/tmp/bench_gpu_1.log"], t[k,"/tmp/bench_old_1.log"], t[k,"/tmp/bench_gpu_2.log"], t[k,"/tmp/bench_old_2.log"], c[k]}}' "$F/bench.log"
