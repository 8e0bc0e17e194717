#!/usr/bin/env bash
# Run 179: finish_kernel with half-warp member masks (AMG_FINISH_WHOLE=0) against whole-warp shuffles (=1), a temporary switch in one binary: ctest -L gpu, test_gpu_spgemm with =1; spgemm_bench level 0 x2 each; ncu time and instructions of finish_kernel.
# Code: 7d80f1f plus the temporary AMG_FINISH_WHOLE switch (removed before the commit).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run179.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/checks_run.txt" 2>&1
cp /tmp/gc/tests.log "$F/" 2>/dev/null
AMG_FINISH_WHOLE=1 build-gpu/tests/test_gpu_spgemm > "$F/test_whole.log" 2>&1; echo "test_gpu_spgemm whole: rc=$?"
for round in 1 2; do for v in 0 1; do
  AMG_FINISH_WHOLE=$v timeout 100 build-gpu/apps/spgemm_bench --levels 1 > "/tmp/bench_${v}_$round.log" 2>&1
done; done
for f in /tmp/bench_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
M=gpu__time_duration.sum,launch__registers_per_thread,launch__grid_size
for v in 0 1; do for op in 'A^2' 'A^2 sym'; do t=$(echo "$op" | tr -d '^ ');
AMG_FINISH_WHOLE=$v timeout 100 ncu --csv --profile-from-start off --metrics $M,smsp__inst_executed.sum -k regex:finish_kernel \
  build-gpu/apps/spgemm_bench --problem 3d7 --levels 1 --reps 3 --ncu-op "$op" --ncu-level 0 > "$F/ncu_3d7_${t}_$v.csv" 2> /dev/null
done; done
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8
for f in "$F"/ncu_*.csv; do echo "== $(basename $f)"; grep -E '^"[0-9]' "$f" | awk -F'","' '{m=$(NF-2); v=$NF; gsub(/[",]/,"",v); print m, v}'; done
echo "== tile ms: v0 r1, v1 r1, v0 r2, v1 r2 | cusparse"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-24s %s %s %s %s | %s\n", k, t[k,"/tmp/bench_0_1.log"], t[k,"/tmp/bench_1_1.log"], t[k,"/tmp/bench_0_2.log"], t[k,"/tmp/bench_1_2.log"], c[k]}}' "$F/bench.log" | grep -E "A\^2|A\*P"
