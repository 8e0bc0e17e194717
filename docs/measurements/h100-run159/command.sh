#!/usr/bin/env bash
# Run 159: per-kernel ncu times of four level-0 products on the current code: where the time goes now.
# Code: 25b7ec7.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run159.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > "$F/build.log" 2>&1 && cmake --build build-gpu -j 16 --target spgemm_bench >> "$F/build.log" 2>&1
echo "build rc=$? ($((SECONDS - t0)) s)"
M=gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,launch__grid_size,launch__block_size
prof() { # problem level op tag
  timeout 120 ncu --csv --profile-from-start off --metrics $M --cache-control none --clock-control none \
    build-gpu/apps/spgemm_bench --problem $1 --levels $(($2 + 1)) --reps 3 --ncu-op "$3" --ncu-level $2 > "$F/ncu_$4.csv" 2> /dev/null
}
prof 3d7 0 'A^2' 3d7_a2; prof 3d7 0 'A*P' 3d7_ap; prof 2d5 0 'P^T*A' 2d5_pta; prof 3d7 0 'A^2 sym' 3d7_a2sym
for f in "$F"/ncu_*.csv; do
  t=$(basename "$f" .csv); echo "== ${t#ncu_}"
  grep -E '^"[0-9]' "$f" | awk -F'","' '{id=$1; gsub(/"/,"",id); n=$5; sub(/^void /,"",n); sub(/\(.*/,"",n); n=substr(n,1,70); m=$(NF-2); v=$NF; gsub(/[",]/,"",v);
     if (!(id in name)) {order[++k]=id; name[id]=n} val[id,m]=v}
     END {for (i=1;i<=k;i++) {id=order[i]; t=val[id,"gpu__time_duration.sum"]/1000; s+=t;
       printf "%8.1f us %4s reg %5.1f%% occ %8s x %4s  %s\n", t, val[id,"launch__registers_per_thread"], val[id,"sm__warps_active.avg.pct_of_peak_sustained_active"], val[id,"launch__grid_size"], val[id,"launch__block_size"], name[id]}
       printf "%8.1f us total, %d launches\n", s, k}'
done
