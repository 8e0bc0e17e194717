#!/usr/bin/env bash
# Run 218: d21253e (branch next/one-list-batch: spgemm_add_pair2, 8-block bound on the windows 400-slot instance only, row_taken) against main 1ea5ced (old):
# build, ctest -L gpu, memcheck test_gpu_spgemm; level 0 of the model, 3 rounds alternating; the whole model
# with JSON (gpu); racecheck of test_gpu_spgemm on the one-pass, numeric and row kernels
# (kns=one_pass_kernel, kns=numeric_kernel, kns=rows_kernel).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."  # run from the repository root (was gpu_in/run218.sh)
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
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
for round in 1 2 3; do for v in gpu old; do
  timeout 100 build-$v/apps/spgemm_bench --levels 1 > "/tmp/m_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "rounds done $((SECONDS - t0)) s"
echo "== tile ms, rounds 1-3: gpu old each | cusparse (round 1)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {split("gpu old",vs," "); for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-24s", k); for(r=1;r<=3;r++){for(j=1;j<=2;j++) s=s" "t[k,"/tmp/m_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$F/bench.log" | grep -E " L0 " | grep -v " sym "
timeout 100 build-gpu/apps/spgemm_bench --json "$F/spgemm.json" > "$F/model.log" 2>&1
echo "model done $((SECONDS - t0)) s"
grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 (order|A\^2|csr)" "$F/model.log" | cut -c1-130
awk '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else print "miss:", $0} END {print ok " of " n " coarse products within 0.15 ms"}' "$F/model.log"
AMG_TEST_QUICK=1 timeout 230 compute-sanitizer --tool racecheck --kernel-name kns=one_pass_kernel --kernel-name kns=numeric_kernel --kernel-name kns=rows_kernel --error-exitcode 99 \
  build-gpu/tests/test_gpu_spgemm > "$F/racecheck.log" 2>&1; echo "racecheck rc=$? $((SECONDS - t0)) s"
tail -2 "$F/racecheck.log"
