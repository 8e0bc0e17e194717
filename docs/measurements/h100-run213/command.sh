#!/usr/bin/env bash
# Run 213: the numeric row kernel (SPLIT 1) on row lists, one wave, rows taken from a counter (gpu, the
# working tree) against HEAD ffe900b (old, gpu_in/old): build, test_gpu_spgemm; level 0-1 of the model,
# 3 rounds alternating; ncu kernel times of 3D 27-point and 3D 7-point level-0 A*P (new, old).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run213.sh, run from the repository root)
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 8 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/rc_old) &
(cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 8 --target spgemm_bench test_gpu_spgemm) > "$F/build.log" 2>&1 || { tail -30 "$F/build.log"; exit 1; }
wait; cat /tmp/rc_old; echo "builds $((SECONDS - t0)) s"
timeout 200 build-gpu/tests/test_gpu_spgemm > "$F/test_gpu_spgemm.log" 2>&1; echo "test_gpu_spgemm rc=$? $((SECONDS - t0)) s"; tail -3 "$F/test_gpu_spgemm.log"
for round in 1 2 3; do for v in gpu old; do
  timeout 100 build-$v/apps/spgemm_bench --levels 2 > "/tmp/m_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "rounds done $((SECONDS - t0)) s"
M=gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,launch__grid_size
for v in gpu old; do for pr in 3d27 3d7; do
  timeout 120 ncu --csv --profile-from-start off --metrics $M --cache-control none --clock-control none -k regex:rows_kernel \
    build-$v/apps/spgemm_bench --problem $pr --levels 1 --reps 3 --ncu-op 'A*P' --ncu-level 0 > "$F/ncu_${v}_$pr.csv" 2> /dev/null
done; done
echo "ncu done $((SECONDS - t0)) s"
for f in "$F"/ncu_*.csv; do
  echo "== $(basename $f .csv)"
  grep -E '^"[0-9]' "$f" | awk -F'","' '{id=$1; gsub(/"/,"",id); n=$5; sub(/^void /,"",n); sub(/\(.*/,"",n); n=substr(n,1,60); m=$(NF-2); v=$NF; gsub(/[",]/,"",v);
     if (!(id in name)) {order[++k]=id; name[id]=n} val[id,m]=v}
     END {for (i=1;i<=k;i++) {id=order[i]; t=val[id,"gpu__time_duration.sum"]/1000; s+=t;
       printf "%8.1f us %4s reg %5.1f%% occ %8s  %s\n", t, val[id,"launch__registers_per_thread"], val[id,"sm__warps_active.avg.pct_of_peak_sustained_active"], val[id,"launch__grid_size"], name[id]}
       printf "%8.1f us total, %d launches\n", s, k}'
done
echo "== tile ms, rounds 1-3: gpu old each | cusparse (round 1)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {split("gpu old",vs," "); for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-24s", k); for(r=1;r<=3;r++){for(j=1;j<=2;j++) s=s" "t[k,"/tmp/m_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$F/bench.log" | grep -E " L0 | L1 "
