#!/usr/bin/env bash
# Run 209: the numeric row kernel in three instances (256 / 400 / 464 slots; gpu, the working tree)
# against HEAD (old) and vS2 (HEAD with SPGEMM_ROW_SLOTS 400, two instances): build, ctest -L gpu,
# memcheck test_gpu_spgemm; level 0 of the model, 3 rounds alternating; the whole model with JSON (gpu);
# racecheck of test_gpu_spgemm on the row kernels only (--kernel-name regex:rows_kernel), 200 s at most.
# Code: 7cd735b plus the working tree (gpu); old: 7cd735b (gpu_in/old); vS2: gpu_in/vS2.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run209.sh, run from the repository root)
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf /tmp/gc /tmp/m_* /tmp/rc_*
t0=$SECONDS
for v in old vS2; do
  (cmake -S gpu_in/$v -B build-$v -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-$v -j 4 --target spgemm_bench > /tmp/build_$v.log 2>&1; echo "$v build rc=$?" > /tmp/rc_$v) &
done
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; cat /tmp/rc_*; echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/" 2>/dev/null
for round in 1 2 3; do for v in gpu old vS2; do
  timeout 100 build-$v/apps/spgemm_bench --levels 1 > "/tmp/m_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "rounds done $((SECONDS - t0)) s"
timeout 200 build-gpu/apps/spgemm_bench --json "$F/spgemm.json" > "$F/model.log" 2>&1
echo "model done $((SECONDS - t0)) s"
AMG_TEST_QUICK=1 timeout 200 compute-sanitizer --tool racecheck --kernel-name regex:rows_kernel --error-exitcode 99 \
  build-gpu/tests/test_gpu_spgemm > "$F/racecheck.log" 2>&1; echo "racecheck rc=$? $((SECONDS - t0)) s"
tail -1 "$F/racecheck.log"
tail -5 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
echo "== tile ms, rounds 1-3: gpu old vS2 each | cusparse (round 1)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {split("gpu old vS2",vs," "); for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-24s", k); for(r=1;r<=3;r++){for(j=1;j<=3;j++) s=s" "t[k,"/tmp/m_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$F/bench.log"
echo "== model, level 0 Galerkin orders and A^2"
grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 (order|A\^2|csr)" "$F/model.log" | cut -c1-150
echo "== coarse levels (general products, rows < 100k): within 0.15 ms"
awk '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else print "miss:", $0} END {print ok " of " n}' "$F/model.log"
