#!/usr/bin/env bash
# Run 149: ctest -L gpu and memcheck on test_gpu_spgemm (the occupancy kernel fixed for an empty B, slots back at 464); per-kernel ncu times of the symmetric products (A^2 sym on 3D 7-point and 2D 5-point, P^T*(AP) sym on 3D 7-point): where the mirror spends its time.
# Code: 85ce781 plus the occupancy kernel as committed in b7058f4 (step 1's lane groups not yet written).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run149.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE="build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh build tests memcheck > "$F/run.txt" 2>&1
cp /tmp/gc/sanitizer.log "$F/" 2>/dev/null
grep -E ": (ok|FAILED)" "$F/run.txt"; grep -E "tests passed|Failed|FAIL" /tmp/gc/tests.log | head -3
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
M=gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,launch__grid_size,launch__block_size
prof() { # problem level op tag
  timeout 120 ncu --csv --profile-from-start off --metrics $M --cache-control none --clock-control none \
    build-gpu/apps/spgemm_bench --problem $1 --levels $(($2 + 1)) --reps 3 --ncu-op "$3" --ncu-level $2 > "$F/ncu_$4.csv" 2> /dev/null
}
prof 3d7 0 'A^2 sym' 3d7_a2sym; prof 2d5 0 'A^2 sym' 2d5_a2sym; prof 3d7 0 'P^T*(AP) sym' 3d7_ptapsym
# one line per kernel launch: time us, regs, occupancy %, grid, block, name
for f in "$F"/ncu_*.csv; do
  t=$(basename "$f" .csv); echo "== ${t#ncu_}"
  grep -E '^"[0-9]' "$f" | awk -F'","' '{id=$1; gsub(/"/,"",id); n=$5; sub(/^void /,"",n); sub(/\(.*/,"",n); n=substr(n,1,70); m=$(NF-2); v=$NF; gsub(/[",]/,"",v);
     if (!(id in name)) {order[++k]=id; name[id]=n} val[id,m]=v}
     END {for (i=1;i<=k;i++) {id=order[i]; t=val[id,"gpu__time_duration.sum"]/1000; s+=t;
       printf "%8.1f us %4s reg %5.1f%% occ %8s x %4s  %s\n", t, val[id,"launch__registers_per_thread"], val[id,"sm__warps_active.avg.pct_of_peak_sustained_active"], val[id,"launch__grid_size"], val[id,"launch__block_size"], name[id]}
       printf "%8.1f us total, %d launches\n", s, k}'
done
