#!/usr/bin/env bash
# Run 177: exact candidates in place (C takes over the candidate arrays, finish_kernel instead of the compaction), first version, against b636c92 (old): ctest -L gpu, memcheck test_gpu_spgemm; spgemm_bench level 0 new/old x2; ncu of 3D 7-point A^2 and A^2 sym (new).
# Code: b636c92 plus the uncommitted first version of 7d80f1f (its symbolic pair kernel's work counter was not allocated: test_gpu_spgemm failed); old: b636c92, as gpu_in/old177 (git archive).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run177.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu build-old /tmp/gc
(cmake -S gpu_in/old177 -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; cat /tmp/old_rc
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
for round in 1 2; do for v in gpu old; do
  timeout 100 build-$v/apps/spgemm_bench --levels 1 > "/tmp/bench_${v}_$round.log" 2>&1
done; done
for f in /tmp/bench_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
M=gpu__time_duration.sum,launch__registers_per_thread,launch__grid_size
for op in 'A^2' 'A^2 sym'; do t=$(echo "$op" | tr -d '^ '); 
timeout 100 ncu --csv --profile-from-start off --metrics $M --cache-control none --clock-control none \
  build-gpu/apps/spgemm_bench --problem 3d7 --levels 1 --reps 3 --ncu-op "$op" --ncu-level 0 > "$F/ncu_3d7_$t.csv" 2> /dev/null
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
echo "== tile ms: new1 old1 new2 old2 | cusparse (old2)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-24s %s %s %s %s | %s\n", k, t[k,"/tmp/bench_gpu_1.log"], t[k,"/tmp/bench_old_1.log"], t[k,"/tmp/bench_gpu_2.log"], t[k,"/tmp/bench_old_2.log"], c[k]}}' "$F/bench.log"
grep -E "^(2d5|2d9|3d7|3d27)" /tmp/bench_gpu_2.log | grep -E " (A\^2|A\*P)" ; grep -E "^(2d5|2d9|3d7|3d27)" /tmp/bench_old_2.log | grep -E " (A\^2|A\*P)"
