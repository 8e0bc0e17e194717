#!/usr/bin/env bash
# Run 147: per-kernel ncu times of single tile products (spgemm_bench --ncu-op, ncu --profile-from-start off): the first Galerkin products (A*P, P^T*A) and the second at level 0, 3D 7-point A^2 and A*P, the 3D level-1 P^T*A.
# Code: 0cf4ae3 and the --ncu-op option of the next commit (working tree). The stdout table is run.txt; 3 of the 11 bench logs did not come back (file count).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run147.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu build-old /tmp/gc
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 16 --target spgemm_bench > "$F/build.log" 2>&1 || { tail -20 "$F/build.log"; exit 1; }
M=gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,launch__grid_size,launch__block_size
prof() { # problem level op tag
  timeout 120 ncu --csv --profile-from-start off --metrics $M --cache-control none --clock-control none \
    build-gpu/apps/spgemm_bench --problem $1 --levels $(($2 + 1)) --reps 3 --ncu-op "$3" --ncu-level $2 > "$F/ncu_$4.csv" 2> "$F/bench_$4.log"
}
prof 2d5 0 'A*P' 2d5_ap; prof 2d5 0 'P^T*A' 2d5_pta; prof 2d5 0 'P^T*(AP)' 2d5_ptap; prof 2d5 0 '(P^T A)*P' 2d5_ptap2
prof 2d9 0 'A*P' 2d9_ap; prof 2d9 0 'P^T*A' 2d9_pta
prof 3d27 0 'A*P' 3d27_ap; prof 3d27 0 'P^T*(AP)' 3d27_ptap
prof 3d7 0 'A^2' 3d7_a2; prof 3d7 0 'A*P' 3d7_ap; prof 3d7 1 'P^T*A' 3d7_pta1
# one line per kernel launch: time us, regs, occupancy %, grid, block, name
for f in "$F"/ncu_*.csv; do
  t=$(basename "$f" .csv); echo "== ${t#ncu_}"
  grep -E '^"[0-9]' "$f" | awk -F'","' '{id=$1; gsub(/"/,"",id); n=$5; sub(/^void /,"",n); sub(/\(.*/,"",n); n=substr(n,1,70); m=$(NF-2); v=$NF; gsub(/[",]/,"",v);
     if (!(id in name)) {order[++k]=id; name[id]=n} val[id,m]=v}
     END {for (i=1;i<=k;i++) {id=order[i]; t=val[id,"gpu__time_duration.sum"]/1000; s+=t;
       printf "%8.1f us %4s reg %5.1f%% occ %8s x %4s  %s\n", t, val[id,"launch__registers_per_thread"], val[id,"sm__warps_active.avg.pct_of_peak_sustained_active"], val[id,"launch__grid_size"], val[id,"launch__block_size"], name[id]}
       printf "%8.1f us total, %d launches\n", s, k}'
done
