#!/usr/bin/env bash
# Run 198: dead tile pairs skipped in the row kernels (steps 2 and 3), against HEAD (gpu_in/old):
# build, ctest -L gpu, memcheck test_gpu_spgemm; spgemm_bench level 0 (model) and --hierarchy, new/old x2.
# Code: the working tree on fc27217 (uncommitted then); old: fc27217, as gpu_in/old (git archive).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run198.sh, run from the repository root)
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-old /tmp/gc
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 6 --target spgemm_bench > /tmp/build_old.log 2>&1; echo "old build rc=$?" > /tmp/old_rc) &
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; cat /tmp/old_rc
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log /tmp/gc/build.log "$F/" 2>/dev/null
for round in 1 2; do for v in gpu old; do
  timeout 100 build-$v/apps/spgemm_bench --levels 1 > "/tmp/m_${v}_$round.log" 2>&1
  timeout 100 build-$v/apps/spgemm_bench --hierarchy > "/tmp/h_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*_?.log /tmp/h_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
tail -7 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
echo "== tile ms: new1 old1 new2 old2 | cusparse (level 0, and SA level 1)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; split(k,a," "); p=(k ~ /^SA/)?"h":"m"; printf "%-28s %s %s %s %s | %s\n", k, t[k,"/tmp/"p"_gpu_1.log"], t[k,"/tmp/"p"_old_1.log"], t[k,"/tmp/"p"_gpu_2.log"], t[k,"/tmp/"p"_old_2.log"], c[k]}}' "$F/bench.log" | grep -E " L[01] "
