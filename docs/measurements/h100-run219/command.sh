#!/usr/bin/env bash
# Run 219: experiment on branch next/one-list-batch (d21253e + SPGEMM_PREFETCH switch, default 0): builds with
# SPGEMM_PREFETCH=0 (gpu), 1 (p1: prefetch.global.L1 of the first A and B values each lane's add loop reads,
# while the batch is staged) and 2 (p2: the same into L2); test_gpu_spgemm on each; level 0 and 1 of the
# model, 3 rounds alternating.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."  # run from the repository root (was gpu_in/run219.sh)
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
for v in gpu p1 p2; do
  d=0; [ $v = p1 ] && d=1; [ $v = p2 ] && d=2
  (cmake -S . -B build-$v -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_FLAGS="-DSPGEMM_PREFETCH=$d" > /dev/null &&
   cmake --build build-$v -j 6 --target spgemm_bench test_gpu_spgemm > "$F/build_$v.log" 2>&1; echo "$v build rc=$?") &
done
wait; echo "builds $((SECONDS - t0)) s"
for v in gpu p1 p2; do timeout 120 build-$v/tests/test_gpu_spgemm > "$F/test_$v.log" 2>&1; echo "$v test_gpu_spgemm rc=$? $(tail -1 $F/test_$v.log)"; done
echo "tests $((SECONDS - t0)) s"
for round in 1 2 3; do for v in gpu p1 p2; do
  timeout 100 build-$v/apps/spgemm_bench --levels 2 > "/tmp/m_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "rounds done $((SECONDS - t0)) s"
echo "== tile ms, rounds 1-3: gpu p1 p2 each | cusparse (round 1)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {split("gpu p1 p2",vs," "); for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-24s", k); for(r=1;r<=3;r++){for(j=1;j<=3;j++) s=s" "t[k,"/tmp/m_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$F/bench.log" | grep -v " sym "
