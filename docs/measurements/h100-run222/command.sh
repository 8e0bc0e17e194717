#!/usr/bin/env bash
# Run 222: branch next/pipelined-add. gpu: the add loop pipelined for the pair, one-pass and row kernels (2b55f00);
# v2: pipelined for the pair and one-pass kernels' batches only (the row kernels keep the plain loop); old: main
# 5f88010. Level 0 of the model, 2 rounds alternating; then test_gpu_spgemm on gpu and v2, memcheck on gpu.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."  # run from the repository root (was gpu_in/run222.sh)
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
for v in gpu v2 old; do
  src=.; [ $v != gpu ] && src=gpu_in/$v
  (cmake -S $src -B build-$v -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null &&
   cmake --build build-$v -j 6 --target spgemm_bench test_gpu_spgemm > "$F/build_$v.log" 2>&1; echo "$v build rc=$?") &
done
wait; echo "builds $((SECONDS - t0)) s"
for round in 1 2; do for v in gpu v2 old; do
  timeout 60 build-$v/apps/spgemm_bench --levels 1 > "/tmp/m_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "rounds done $((SECONDS - t0)) s"
echo "== tile ms, rounds 1-2: gpu v2 old each | cusparse (round 1)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {split("gpu v2 old",vs," "); for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-24s", k); for(r=1;r<=2;r++){for(j=1;j<=3;j++) s=s" "t[k,"/tmp/m_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$F/bench.log" | tee "$F/summary.txt"
grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 order" /tmp/m_gpu_1.log /tmp/m_v2_1.log /tmp/m_old_1.log | grep -v sym | awk '{print $1, $4, $(NF-14), $(NF-10), $(NF-6)}' | sed 's|/tmp/m_||' | tee "$F/orders.txt"
for v in gpu v2; do timeout 60 build-$v/tests/test_gpu_spgemm > "$F/test_$v.log" 2>&1; echo "$v test_gpu_spgemm rc=$? $(tail -1 $F/test_$v.log)"; done
AMG_TEST_QUICK=1 timeout 90 compute-sanitizer --tool memcheck --error-exitcode 99 build-gpu/tests/test_gpu_spgemm > "$F/memcheck_gpu.log" 2>&1; echo "memcheck rc=$? $(grep 'ERROR SUMMARY' $F/memcheck_gpu.log)"
echo "all $((SECONDS - t0)) s"
