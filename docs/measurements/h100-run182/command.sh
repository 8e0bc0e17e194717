#!/usr/bin/env bash
# Run 182: the lower candidates' masks transposed as four 8x8 blocks, against 82d5f1d (old): ctest -L gpu; spgemm_bench levels 0-1 old/new x2; ncu time and instructions of resolve_kernel (3D 7-point A^2 sym, old and new).
# Code: 82d5f1d plus the change committed as 7d5263c (the same code); old: 82d5f1d, as gpu_in/old182 (git archive).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run182.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-old /tmp/gc
(cmake -S gpu_in/old182 -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/checks_run.txt" 2>&1
wait; cat /tmp/old_rc
cp /tmp/gc/tests.log "$F/" 2>/dev/null
for round in 1 2; do for v in old gpu; do
  timeout 100 build-$v/apps/spgemm_bench --levels 2 > "/tmp/bench_${v}_$round.log" 2>&1
done; done
for f in /tmp/bench_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
M=gpu__time_duration.sum,launch__registers_per_thread,smsp__inst_executed.sum
for v in old gpu; do
timeout 100 ncu --csv --profile-from-start off --metrics $M -k regex:resolve_kernel \
  build-$v/apps/spgemm_bench --problem 3d7 --levels 1 --reps 3 --ncu-op 'A^2 sym' --ncu-level 0 > "$F/ncu_resolve_$v.csv" 2> /dev/null
done
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8
for f in "$F"/ncu_*.csv; do echo "== $(basename $f)"; grep -E '^"[0-9]' "$f" | awk -F'","' '{m=$(NF-2); v=$NF; gsub(/[",]/,"",v); print m, v}'; done
echo "== tile ms: new1 old1 new2 old2 | cusparse"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-26s %s %s %s %s | %s\n", k, t[k,"/tmp/bench_gpu_1.log"], t[k,"/tmp/bench_old_1.log"], t[k,"/tmp/bench_gpu_2.log"], t[k,"/tmp/bench_old_2.log"], c[k]}}' "$F/bench.log" | grep sym
