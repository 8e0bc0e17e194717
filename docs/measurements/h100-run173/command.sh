#!/usr/bin/env bash
# Run 173: the row kernel's twin writes read the twin's rows (prefetched one tile ahead) instead of deriving them: ctest -L gpu, memcheck test_gpu_spgemm; per-kernel ncu of 3D 7-point A^2 sym; spgemm_bench --profile (all levels); amg_solve --compare-orders cusparse --repeat 10 on the four problems.
# Code: 5a0bbb9.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run173.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
cp /tmp/gc/sanitizer.log "$F/" 2>/dev/null
M=gpu__time_duration.sum,launch__registers_per_thread,launch__grid_size
timeout 120 ncu --csv --profile-from-start off --metrics $M --cache-control none --clock-control none \
  build-gpu/apps/spgemm_bench --problem 3d7 --levels 1 --reps 3 --ncu-op 'A^2 sym' --ncu-level 0 > "$F/ncu_3d7_a2sym.csv" 2> "$F/bench_3d7_a2sym.log"
timeout 150 build-gpu/apps/spgemm_bench --profile --json "$F/spgemm.json" > "$F/bench.log" 2>&1
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  echo "=== $c" >> "$F/compare.log"
  timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false \
    --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done
tail -6 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
for f in "$F"/ncu_*.csv; do
  t=$(basename "$f" .csv); echo "== ${t#ncu_}"
  grep -E '^"[0-9]' "$f" | awk -F'","' '{id=$1; gsub(/"/,"",id); n=$5; sub(/^void /,"",n); sub(/\(.*/,"",n); n=substr(n,1,60); m=$(NF-2); v=$NF; gsub(/[",]/,"",v);
     if (!(id in name)) {order[++k]=id; name[id]=n} val[id,m]=v}
     END {for (i=1;i<=k;i++) {id=order[i]; t=val[id,"gpu__time_duration.sum"]/1000; s+=t;
       printf "%8.1f us %4s reg %8s  %s\n", t, val[id,"launch__registers_per_thread"], val[id,"launch__grid_size"], name[id]}
       printf "%8.1f us total, %d launches\n", s, k}'
done
grep -E " level 0 " "$F/bench.log"
grep -E "^(2d5|2d9|3d7|3d27) .* 0 order" "$F/bench.log"
grep -E "^===|^  sum" "$F/compare.log"
