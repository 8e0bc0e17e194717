#!/usr/bin/env bash
# Run 206: step 2's finish_kernel (exact candidates, C in place) in four forms against HEAD (gpu):
# vA __launch_bounds__(256, 6); vC 64 tiles per block (4 per half-warp); vD idx staged in shared memory
# and stored by consecutive lanes; vF vC + vD. Level 0 of the model, x2; ncu of finish_kernel on 3D 7-pt A^2;
# test_gpu_spgemm on vD and vF; gpu: build, ctest -L gpu, memcheck test_gpu_spgemm (new bad-b_transpose check).
# Code: 31eaf93 plus the working tree's test change; vA..vF: 31eaf93 with tile_symbolic.cu changed (gpu_in/v*).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run206.sh, run from the repository root)
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf /tmp/gc /tmp/m_* /tmp/h_* /tmp/rc_*
t0=$SECONDS
V="vA vC vD vF"
for v in $V; do
  tg="--target spgemm_bench"; case $v in vD|vF) tg="--target spgemm_bench test_gpu_spgemm";; esac
  (cmake -S gpu_in/$v -B build-$v -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-$v -j 3 $tg > /tmp/build_$v.log 2>&1; echo "$v build rc=$?" > /tmp/rc_$v) &
done
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; cat /tmp/rc_*; echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
for v in vD vF; do timeout 200 build-$v/tests/test_gpu_spgemm > /tmp/test_$v.log 2>&1; echo "$v test_gpu_spgemm rc=$?"; tail -2 /tmp/test_$v.log; done
for round in 1 2; do for v in gpu $V; do
  timeout 100 build-$v/apps/spgemm_bench --levels 1 > "/tmp/m_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "bench done $((SECONDS - t0)) s"
M=gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,launch__grid_size,dram__bytes.sum
for v in gpu $V; do
  timeout 120 ncu --csv --print-units base --profile-from-start off -k regex:finish_kernel --metrics $M --cache-control none --clock-control none \
    build-$v/apps/spgemm_bench --problem 3d7 --levels 1 --reps 3 --ncu-op 'A^2' --ncu-level 0 > "$F/ncu_$v.csv" 2> /dev/null
done
tail -5 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
echo "== tile ms: round 1: gpu $V | round 2: gpu $V | cusparse"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {split("gpu vA vC vD vF",vs," "); for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-26s", k); for(r=1;r<=2;r++){for(j=1;j<=5;j++) s=s" "t[k,"/tmp/m_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$F/bench.log" | grep -v " sym"
echo "== finish_kernel (ncu, 3D 7-pt A^2): us regs occ% dram MB"
for v in gpu $V; do
  grep -E '^"[0-9]' "$F/ncu_$v.csv" | awk -F'","' -v v=$v '{id=$1; m=$(NF-2); x=$NF; gsub(/[",]/,"",x); val[id,m]=x; ids[id]=1}
    END {for (id in ids) printf "%s %.1f us %s reg %s%% %.1f MB\n", v, val[id,"gpu__time_duration.sum"]/1000, val[id,"launch__registers_per_thread"], val[id,"sm__warps_active.avg.pct_of_peak_sustained_active"], val[id,"dram__bytes.sum"]/1e6}'
done
