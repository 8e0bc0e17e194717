#!/usr/bin/env bash
# Run 158: batch sizes of the row kernels, each against fb0e365 (old): SROW_BATCH 4 and 16 (s4, s16; symbolic row kernel, was 8), ROW_BATCH 2 (r2; numeric row kernel, was 4). ncu of the row kernels over level 0 of the four problems; spgemm_bench level 0 once each; test_gpu_spgemm for each variant.
# Code: fb0e365 (old) and three copies of it (gpu_in/s4, s16, r2) with SROW_BATCH 4, SROW_BATCH 16 (tile_symbolic_rows.cu, was 8) and ROW_BATCH 2 (tile_numeric_rows.cu, was 4); none kept.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run158.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
V="old s4 s16 r2"
for v in $V; do rm -rf build-$v
  (cmake -S gpu_in/$v -B build-$v -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-$v -j 4 --target spgemm_bench test_gpu_spgemm > /tmp/build_$v.log 2>&1; echo "$v build rc=$?" > /tmp/${v}_rc) &
done
wait; for v in $V; do cat /tmp/${v}_rc; done
for v in s4 s16 r2; do timeout 120 build-$v/tests/test_gpu_spgemm > /tmp/t_$v.log 2>&1; echo "test_gpu_spgemm ($v) rc=$?"; tail -1 /tmp/t_$v.log; done
for v in $V; do timeout 200 build-$v/apps/spgemm_bench --levels 1 > "/tmp/bench_${v}.log" 2>&1; done
for f in /tmp/bench_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for v in $V; do
  timeout 150 ncu --csv --metrics gpu__time_duration.sum --cache-control none --clock-control none \
    -k regex:"rows_kernel" build-$v/apps/spgemm_bench --levels 1 --reps 1 > "/tmp/ncu_$v.csv" 2>&1
done
summ() { grep -E "_kernel" "$1" | awk -F'","' '{split($5,a,"("); n=$NF; gsub(/[",]/,"",n); s[a[1]]+=n; c[a[1]]++} END {for (k in s) printf "%s %.1f us (%d)\n", k, s[k]/1000, c[k]}' | sort; }
for v in $V; do echo "== ncu $v (four problems, level 0, all products)"; summ "/tmp/ncu_$v.csv"; done
echo "== level 0 tile ms: old s4 s16 r2 | cusparse (old)"
awk '/^=== /{f=$2} /^  .* level 0 /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-24s %s %s %s %s | %s\n", k, t[k,"/tmp/bench_old.log"], t[k,"/tmp/bench_s4.log"], t[k,"/tmp/bench_s16.log"], t[k,"/tmp/bench_r2.log"], c[k]}}' "$F/bench.log"
