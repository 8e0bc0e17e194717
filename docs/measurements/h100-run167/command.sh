#!/usr/bin/env bash
# Run 167: ROW_MIN_BLOCKS (blocks per multiprocessor the compiler must allow for the 256-slot numeric row kernel) 9, 10 (current) and 11, each built from 28d12d0: ncu of the row kernels (level 0 of the four problems), spgemm_bench level 0 x2 each.
# Code: 28d12d0 with ROW_MIN_BLOCKS 9, 10 and 11, as gpu_in/mb9, mb10, mb11 (git archive, then sed).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run167.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-mb9 build-mb10 build-mb11
for b in 9 10 11; do
  (cmake -S gpu_in/mb$b -B build-mb$b -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-mb$b -j 5 --target spgemm_bench > /tmp/build_$b.log 2>&1; echo "mb$b build rc=$?" > /tmp/rc_$b) &
done
wait; cat /tmp/rc_9 /tmp/rc_10 /tmp/rc_11
for round in 1 2; do for b in 9 10 11; do
  timeout 120 build-mb$b/apps/spgemm_bench --levels 1 > "/tmp/bench_mb${b}_$round.log" 2>&1
done; done
for f in /tmp/bench_mb*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
summ() { grep -E "_kernel" "$1" | awk -F'","' '{split($5,a,"("); n=$NF; gsub(/[",]/,"",n); s[a[1]]+=n; c[a[1]]++} END {for (k in s) printf "%s %.1f us (%d)\n", k, s[k]/1000, c[k]}' | sort; }
for b in 9 10 11; do
  timeout 150 ncu --csv --metrics gpu__time_duration.sum --cache-control none --clock-control none \
    -k regex:"rows_kernel" build-mb$b/apps/spgemm_bench --levels 1 --reps 1 > "/tmp/ncu_$b.csv" 2>&1
  echo "== ncu ROW_MIN_BLOCKS $b (level 0, four problems)"; summ "/tmp/ncu_$b.csv"
done
echo "== level 0 tile ms: mb9 r1, mb10 r1, mb11 r1, mb9 r2, mb10 r2, mb11 r2 | cusparse (mb10 r2)"
awk '/^=== /{f=$2} /^  .* level 0 /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-24s %s %s %s %s %s %s | %s\n", k, t[k,"/tmp/bench_mb9_1.log"], t[k,"/tmp/bench_mb10_1.log"], t[k,"/tmp/bench_mb11_1.log"], t[k,"/tmp/bench_mb9_2.log"], t[k,"/tmp/bench_mb10_2.log"], t[k,"/tmp/bench_mb11_2.log"], c[k]}}' "$F/bench.log" | grep -v sym
