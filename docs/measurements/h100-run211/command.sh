#!/usr/bin/env bash
# Run 211: exploration, no code change (HEAD ffe900b). spgemm_bench --profile under the AUTO rules and
# under forced options (--kernels rows, --passes two, --candidates exact, --kernels rows --row-split 4),
# levels 0-1 of the model; ncu kernel by kernel of 2D 5-point level-0 P^T*A and (P^T A)*P, 3D 7-point
# level-0 P^T*(AP), 3D 27-point level-0 A*P.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run211.sh, run from the repository root)
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
(cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 16 --target spgemm_bench) > "$F/build.log" 2>&1 || { tail -20 "$F/build.log"; exit 1; }
echo "build $((SECONDS - t0)) s"
B=build-gpu/apps/spgemm_bench
i=0
for opt in "" "--kernels rows" "--passes two" "--candidates exact" "--kernels rows --row-split 4" ""; do
  i=$((i+1)); echo "=== $i $opt" >> "$F/profile.log"
  timeout 150 $B --levels 2 --profile $opt >> "$F/profile.log" 2>&1
  echo "variant $i $((SECONDS - t0)) s"
done
M=gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,launch__grid_size,launch__block_size
prof() { # problem level op tag
  timeout 120 ncu --csv --profile-from-start off --metrics $M --cache-control none --clock-control none \
    $B --problem $1 --levels $(($2 + 1)) --reps 3 --ncu-op "$3" --ncu-level $2 > "$F/ncu_$4.csv" 2> /dev/null
}
prof 2d5 0 'P^T*A' 2d5_pta; prof 2d5 0 '(P^T A)*P' 2d5_pta_p; prof 3d7 0 'P^T*(AP)' 3d7_pt_ap; prof 3d27 0 'A*P' 3d27_ap
echo "ncu $((SECONDS - t0)) s"
for f in "$F"/ncu_*.csv; do
  t=$(basename "$f" .csv); echo "== ${t#ncu_}"
  grep -E '^"[0-9]' "$f" | awk -F'","' '{id=$1; gsub(/"/,"",id); n=$5; sub(/^void /,"",n); sub(/\(.*/,"",n); n=substr(n,1,60); m=$(NF-2); v=$NF; gsub(/[",]/,"",v);
     if (!(id in name)) {order[++k]=id; name[id]=n} val[id,m]=v}
     END {for (i=1;i<=k;i++) {id=order[i]; t=val[id,"gpu__time_duration.sum"]/1000; s+=t;
       printf "%8.1f us %4s reg %5.1f%% occ %8s x %4s  %s\n", t, val[id,"launch__registers_per_thread"], val[id,"sm__warps_active.avg.pct_of_peak_sustained_active"], val[id,"launch__grid_size"], val[id,"launch__block_size"], name[id]}
       printf "%8.1f us total, %d launches\n", s, k}'
done
