#!/usr/bin/env bash
# Run 207: B's tile rows for the pair kernels of a step whose row kernel leaves them few rows
# (spgemm_leftover_by_rows; B's column order then built at the first step needing it), and
# finish_kernel at 64 tiles per block, against HEAD (gpu_in/old): build, ctest -L gpu, memcheck
# test_gpu_spgemm; spgemm_bench levels 0-1 and --hierarchy, new/old x2; --profile of 3D level 0 (new).
# Code: 31eaf93 plus the working tree; old: 31eaf93, as gpu_in/old (git archive).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run207.sh, run from the repository root)
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf /tmp/gc /tmp/m_* /tmp/h_* /tmp/p_*
t0=$SECONDS
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; cat /tmp/old_rc; echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
for round in 1 2; do for v in gpu old; do
  timeout 100 build-$v/apps/spgemm_bench --levels 2 > "/tmp/m_${v}_$round.log" 2>&1
  timeout 100 build-$v/apps/spgemm_bench --hierarchy > "/tmp/h_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log /tmp/h_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for v in gpu old; do timeout 100 build-$v/apps/spgemm_bench --levels 1 --problem 3d7 --problem 3d27 --profile > /tmp/p_$v.log 2>&1; done
for v in gpu old; do echo "=== /tmp/p_$v.log"; cat /tmp/p_$v.log; done > "$F/profile.log"
echo "bench done $((SECONDS - t0)) s"
tail -5 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
echo "== tile ms: new1 old1 new2 old2 | cusparse (level 0-1 model, SA levels 0-1)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; p=(k ~ /^SA/)?"h":"m"; printf "%-30s %s %s %s %s | %s\n", k, t[k,"/tmp/"p"_gpu_1.log"], t[k,"/tmp/"p"_old_1.log"], t[k,"/tmp/"p"_gpu_2.log"], t[k,"/tmp/"p"_old_2.log"], c[k]}}' "$F/bench.log" | grep -E " L[01] "
echo "== profile (3D level 0, new then old)"; grep -E "A\^2|A\*P" "$F/profile.log" | grep -v "level" | head -20
