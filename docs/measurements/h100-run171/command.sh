#!/usr/bin/env bash
# Run 171: the symmetric rows kernel writes twins from its shared-memory row, twin masks derived from the tile's (no twin metadata loads): ctest -L gpu; per-kernel ncu of 3D 7-point A^2 and A^2 sym (level 0); spgemm_bench all levels.
# Code: 02012cf plus the row kernel's mirror_row (shared-memory values, votes for the twin's rows).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run171.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-gpu /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/checks_run.txt" 2>&1
cp /tmp/gc/tests.log "$F/" 2>/dev/null
M=gpu__time_duration.sum,launch__registers_per_thread,launch__grid_size
prof() { # problem level op tag
  timeout 120 ncu --csv --profile-from-start off --metrics $M --cache-control none --clock-control none \
    build-gpu/apps/spgemm_bench --problem $1 --levels $(($2 + 1)) --reps 3 --ncu-op "$3" --ncu-level $2 > "$F/ncu_$4.csv" 2> "$F/bench_$4.log"
}
prof 3d7 0 'A^2' 3d7_a2; prof 3d7 0 'A^2 sym' 3d7_a2sym; prof 3d7 0 'P^T*(AP) sym' 3d7_ptapsym
timeout 150 build-gpu/apps/spgemm_bench --profile > "$F/bench.log" 2>&1
tail -6 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8
for f in "$F"/ncu_*.csv; do
  t=$(basename "$f" .csv); echo "== ${t#ncu_}"
  grep -E '^"[0-9]' "$f" | awk -F'","' '{id=$1; gsub(/"/,"",id); n=$5; sub(/^void /,"",n); sub(/\(.*/,"",n); n=substr(n,1,60); m=$(NF-2); v=$NF; gsub(/[",]/,"",v);
     if (!(id in name)) {order[++k]=id; name[id]=n} val[id,m]=v}
     END {for (i=1;i<=k;i++) {id=order[i]; t=val[id,"gpu__time_duration.sum"]/1000; s+=t;
       printf "%8.1f us %4s reg %8s  %s\n", t, val[id,"launch__registers_per_thread"], val[id,"launch__grid_size"], name[id]}
       printf "%8.1f us total, %d launches\n", s, k}'
done
grep -E " level 0 " "$F/bench.log"
grep -E "^(2d5|2d9|3d7|3d27).* 0 (A\^2|P\^T\*\(AP\)|order pt_ap)" "$F/bench.log"
