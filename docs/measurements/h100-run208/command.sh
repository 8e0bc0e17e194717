#!/usr/bin/env bash
# Run 208: the leftover lookup rule and finish_kernel (HEAD, gpu) against 31eaf93 (old), and vS
# (HEAD with SPGEMM_ROW_SLOTS 400 and the larger row instance bounded to 8 blocks per multiprocessor):
# level 0 of the model, 4 rounds alternating; test_gpu_spgemm on vS; the whole model with JSON, gpu and vS.
# Code: 7cd735b (gpu); old: 31eaf93 (gpu_in/old); vS: gpu_in/vS (git archive of 7cd735b, two lines changed).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run208.sh, run from the repository root)
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf /tmp/m_* /tmp/rc_* /tmp/full_*
t0=$SECONDS
for v in gpu old vS; do
  src=gpu_in/$v; [ $v = gpu ] && src=.
  tg="--target spgemm_bench"; [ $v = vS ] && tg="--target spgemm_bench test_gpu_spgemm"
  (cmake -S $src -B build-$v -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-$v -j 5 $tg > /tmp/build_$v.log 2>&1; echo "$v build rc=$?" > /tmp/rc_$v) &
done
wait; cat /tmp/rc_*; echo "builds $((SECONDS - t0)) s"
timeout 200 build-vS/tests/test_gpu_spgemm > "$F/test_vS.log" 2>&1; echo "vS test_gpu_spgemm rc=$?"; tail -2 "$F/test_vS.log"
for round in 1 2 3 4; do for v in gpu old vS; do
  timeout 100 build-$v/apps/spgemm_bench --levels 1 > "/tmp/m_${v}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "rounds done $((SECONDS - t0)) s"
for v in gpu vS; do timeout 200 build-$v/apps/spgemm_bench --json "$F/spgemm_$v.json" > "$F/model_$v.log" 2>&1; done
echo "models done $((SECONDS - t0)) s"
echo "== tile ms, rounds 1-4: gpu old vS each | cusparse (round 1)"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {split("gpu old vS",vs," "); for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-24s", k); for(r=1;r<=4;r++){for(j=1;j<=3;j++) s=s" "t[k,"/tmp/m_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$F/bench.log"
for v in gpu vS; do
  echo "== model $v, level 0 Galerkin orders and A^2"
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 (order|A\^2)" "$F/model_$v.log" | cut -c1-150
  echo "== coarse levels $v (general products, rows < 100k): within 0.15 ms"
  awk '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else print "miss:", $0} END {print ok " of " n}' "$F/model_$v.log"
done
