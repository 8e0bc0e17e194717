#!/usr/bin/env bash
# Run 216: the numeric row kernel (SPLIT 1): the smallest instance over all rows as before, the 400- and
# 464-slot instances on lists of their rows in row order (two list kernels), the 400-slot one bounded to
# 8 blocks (gpu, the working tree) against HEAD ffe900b (old): build, ctest -L gpu, memcheck
# test_gpu_spgemm; level 0 of the model, 3 rounds alternating; the whole model with JSON (gpu); ncu
# kernel times of 3D 27-point A*P and 3D 7-point A^2; racecheck of test_gpu_spgemm on the changed kernels.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run216.sh, run from the repository root)
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf /tmp/gc /tmp/m_* /tmp/rc_*
t0=$SECONDS
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 4 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/rc_old) &
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; cat /tmp/rc_old; echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
for round in 1 2 3; do for v in gpu old; do
  timeout 100 build-$v/apps/spgemm_bench --levels 1 > "/tmp/m_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "rounds done $((SECONDS - t0)) s"
timeout 150 build-gpu/apps/spgemm_bench --json "$F/spgemm.json" > "$F/model.log" 2>&1
echo "model done $((SECONDS - t0)) s"
M=gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,launch__grid_size
for pr in "3d27 A*P" "3d7 A^2"; do set -- $pr
  timeout 60 ncu --csv --profile-from-start off --metrics $M --cache-control none --clock-control none -k regex:"rows_kernel|list_" \
    build-gpu/apps/spgemm_bench --problem $1 --levels 1 --reps 3 --ncu-op "$2" --ncu-level 0 > "$F/ncu_gpu_$1.csv" 2> /dev/null
done
echo "ncu done $((SECONDS - t0)) s"
AMG_TEST_QUICK=1 timeout 240 compute-sanitizer --tool racecheck --kernel-name regex:"rows_kernel|list_" --error-exitcode 99 \
  build-gpu/tests/test_gpu_spgemm > "$F/racecheck.log" 2>&1; echo "racecheck rc=$? $((SECONDS - t0)) s"
tail -1 "$F/racecheck.log"
tail -5 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
for f in "$F"/ncu_*.csv; do
  echo "== $(basename $f .csv)"
  grep -E '^"[0-9]' "$f" | awk -F'","' '{id=$1; gsub(/"/,"",id); n=$5; sub(/^void /,"",n); sub(/\(.*/,"",n); n=substr(n,1,60); m=$(NF-2); v=$NF; gsub(/[",]/,"",v);
     if (!(id in name)) {order[++k]=id; name[id]=n} val[id,m]=v}
     END {for (i=1;i<=k;i++) {id=order[i]; t=val[id,"gpu__time_duration.sum"]/1000; s+=t;
       printf "%8.1f us %4s reg %5.1f%% occ %8s  %s\n", t, val[id,"launch__registers_per_thread"], val[id,"sm__warps_active.avg.pct_of_peak_sustained_active"], val[id,"launch__grid_size"], name[id]}
       printf "%8.1f us total, %d launches\n", s, k}'
done
echo "== tile ms, rounds 1-3: gpu old each | cusparse (round 1)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {split("gpu old",vs," "); for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-24s", k); for(r=1;r<=3;r++){for(j=1;j<=2;j++) s=s" "t[k,"/tmp/m_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$F/bench.log" | grep -E " L0 " | grep -v " sym "
echo "== model, level 0 Galerkin orders"
grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 order" "$F/model.log" | cut -c1-150
echo "== coarse levels (general products, rows < 100k): within 0.15 ms"
awk '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else print "miss:", $0} END {print ok " of " n}' "$F/model.log"
