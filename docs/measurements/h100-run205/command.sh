#!/usr/bin/env bash
# Run 205: B's column order built on the side stream beside step 1 (fmt_tile_columns_queue), against HEAD
# (gpu_in/old): build, ctest -L gpu, memcheck test_gpu_spgemm; spgemm_bench levels 0-1 and --hierarchy,
# new/old x2; new with --b-lookup rows on 3D 7-point; ncu kernel by kernel of 3D level-1 P^T*A (new).
# Code: 31eaf93 plus the working tree (side-stream column order); old: 31eaf93, as gpu_in/old (git archive).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run205.sh, run from the repository root)
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf /tmp/gc /tmp/m_* /tmp/h_*
t0=$SECONDS
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; cat /tmp/old_rc; echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
for round in 1 2; do for v in gpu old; do
  timeout 100 build-$v/apps/spgemm_bench --levels 2 > "/tmp/m_${v}_$round.log" 2>&1
  timeout 100 build-$v/apps/spgemm_bench --hierarchy --levels 2 > "/tmp/h_${v}_$round.log" 2>&1
done; done
timeout 100 build-gpu/apps/spgemm_bench --levels 2 --problem 3d7 --b-lookup rows > /tmp/m_rows.log 2>&1
for f in /tmp/m_*.log /tmp/h_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "bench done $((SECONDS - t0)) s"
M=gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,launch__grid_size,launch__block_size
prof() { # problem level op tag
  timeout 120 ncu --csv --profile-from-start off --metrics $M --cache-control none --clock-control none \
    build-gpu/apps/spgemm_bench --problem $1 --levels $(($2 + 1)) --reps 3 --ncu-op "$3" --ncu-level $2 > "$F/ncu_$4.csv" 2> /dev/null
}
prof 3d7 1 'P^T*A' 3d7_l1_pta; prof 3d27 1 'P^T*A' 3d27_l1_pta
tail -7 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
echo "== tile ms: new1 old1 new2 old2 rows | cusparse"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; p=(k ~ /^SA/)?"h":"m"; printf "%-30s %s %s %s %s %s | %s\n", k, t[k,"/tmp/"p"_gpu_1.log"], t[k,"/tmp/"p"_old_1.log"], t[k,"/tmp/"p"_gpu_2.log"], t[k,"/tmp/"p"_old_2.log"], t[k,"/tmp/"p"_rows.log"], c[k]}}' "$F/bench.log" | grep -v " sym "
for f in "$F"/ncu_*.csv; do
  t=$(basename "$f" .csv); echo "== ${t#ncu_}"
  grep -E '^"[0-9]' "$f" | awk -F'","' '{id=$1; gsub(/"/,"",id); n=$5; sub(/^void /,"",n); sub(/\(.*/,"",n); n=substr(n,1,60); m=$(NF-2); v=$NF; gsub(/[",]/,"",v);
     if (!(id in name)) {order[++k]=id; name[id]=n} val[id,m]=v}
     END {for (i=1;i<=k;i++) {id=order[i]; t=val[id,"gpu__time_duration.sum"]/1000; s+=t;
       printf "%8.1f us %4s reg %5.1f%% occ %8s x %4s  %s\n", t, val[id,"launch__registers_per_thread"], val[id,"sm__warps_active.avg.pct_of_peak_sustained_active"], val[id,"launch__grid_size"], val[id,"launch__block_size"], name[id]}
       printf "%8.1f us total, %d launches\n", s, k}'
done
