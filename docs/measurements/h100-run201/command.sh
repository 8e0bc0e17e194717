#!/usr/bin/env bash
# Run 201: batch sizes in the windows (vA: ROW_BATCH 8; vB: SROW_BATCH 16) against c73fbb1 (gpu),
# 3D level 0 and the SA hierarchy's 3D problems, x2; ncu kernel by kernel of c73fbb1's 3D 7-point A^2 and A*P.
# bench.log also holds run 200's /tmp/m_on, m_off, m_old_* and h_on, h_off, h_old_* logs, left on the same
# machine; run 201's own are m_gpu_*, m_vA_*, m_vB_*, h_gpu_*, h_vA_*, h_vB_*.
# Code: c73fbb1; vA and vB: c73fbb1 with ROW_BATCH 8 (tile_numeric_rows.cu) and SROW_BATCH 16 (tile_symbolic_rows.cu), as gpu_in/vA and gpu_in/vB.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run201.sh, run from the repository root)
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
for v in gpu vA vB; do
  src=gpu_in/$v; [ $v = gpu ] && src=.
  (cmake -S $src -B build-$v -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-$v -j 5 --target spgemm_bench > /tmp/build_$v.log 2>&1; echo "$v build rc=$?" > /tmp/rc_$v) &
done
wait; cat /tmp/rc_*; echo "builds $((SECONDS - t0)) s"
for round in 1 2; do for v in gpu vA vB; do
  timeout 100 build-$v/apps/spgemm_bench --levels 1 --problem 3d7 --problem 3d27 > "/tmp/m_${v}_$round.log" 2>&1
  timeout 100 build-$v/apps/spgemm_bench --hierarchy --problem 3d7 --problem 3d27 > "/tmp/h_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log /tmp/h_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
M=gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,launch__grid_size,launch__block_size
prof() { # problem level op tag
  timeout 120 ncu --csv --profile-from-start off --metrics $M --cache-control none --clock-control none \
    build-gpu/apps/spgemm_bench --problem $1 --levels $(($2 + 1)) --reps 3 --ncu-op "$3" --ncu-level $2 > "$F/ncu_$4.csv" 2> /dev/null
}
prof 3d7 0 'A^2' 3d7_a2; prof 3d7 0 'A*P' 3d7_ap
echo "== tile ms, rounds 1 and 2: gpu vA vB | gpu vA vB | cusparse"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; p=(k ~ /^SA/)?"h":"m"; s=sprintf("%-28s", k); for(r=1;r<=2;r++){split("gpu vA vB",vs," "); for(j=1;j<=3;j++) s=s" "t[k,"/tmp/"p"_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$F/bench.log" | grep -E " L[01] " | grep -E "A\^2|A\*P"
for f in "$F"/ncu_*.csv; do
  t=$(basename "$f" .csv); echo "== ${t#ncu_}"
  grep -E '^"[0-9]' "$f" | awk -F'","' '{id=$1; gsub(/"/,"",id); n=$5; sub(/^void /,"",n); sub(/\(.*/,"",n); n=substr(n,1,70); m=$(NF-2); v=$NF; gsub(/[",]/,"",v);
     if (!(id in name)) {order[++k]=id; name[id]=n} val[id,m]=v}
     END {for (i=1;i<=k;i++) {id=order[i]; t=val[id,"gpu__time_duration.sum"]/1000; s+=t;
       printf "%8.1f us %4s reg %5.1f%% occ %8s x %4s  %s\n", t, val[id,"launch__registers_per_thread"], val[id,"sm__warps_active.avg.pct_of_peak_sustained_active"], val[id,"launch__grid_size"], val[id,"launch__block_size"], name[id]}
       printf "%8.1f us total, %d launches\n", s, k}'
done
