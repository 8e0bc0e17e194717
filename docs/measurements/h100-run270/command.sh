#!/usr/bin/env bash
# Run 270: the dot kernel with batched loads. Three builds: default (DOT_BATCH 2, DOT_MIN_BLOCKS 6),
# b4 (batch 4, 4 blocks: 64 registers), b4m5 (batch 4, 5 blocks). ctest -L gpu on the default;
# the model twice per variant, alternating: --dot on (each build) and --dot off (default build).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
for v in b4:"-DDOT_BATCH=4 -DDOT_MIN_BLOCKS=4" b4m5:"-DDOT_BATCH=4 -DDOT_MIN_BLOCKS=5"; do
  n=${v%%:*}; fl=${v#*:}
  (cmake -S . -B build-$n -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_FLAGS="$fl" > /dev/null && cmake --build build-$n -j 5 --target spgemm_bench > /tmp/build_$n.log 2>&1; echo "$n build rc=$?") &
done
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/checks_run.txt" 2>&1
wait; echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/tests.log "$F/" 2>/dev/null
tail -3 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*|CHECK" /tmp/gc/tests.log | head -8
run() { timeout 100 $1/apps/spgemm_bench --dot $2 > "/tmp/m_$3_$4.log" 2>&1; }
for r in 1 2; do
  if [ $r = 1 ]; then order="on off b4 b4m5"; else order="b4m5 b4 off on"; fi
  for v in $order; do case $v in on) run build-gpu on on $r;; off) run build-gpu off off $r;; *) run build-$v on $v $r;; esac; done
done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "runs done $((SECONDS - t0)) s"
V="on off b4 b4m5"
echo "== coarse products within 0.15 ms"
for r in 1 2; do for v in $V; do
  awk -v tag="$v $r" '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s %s", $1, $3, $4, t)} END {print tag ": " ok " of " n miss}' "/tmp/m_${v}_$r.log"
done; done
echo "== level-0 first products, tile ms: on1 on2 off1 off2 b4_1 b4_2 b4m5_1 b4m5_2"
for r in 1 2; do for v in $V; do
  grep -E "^  (2d5|2d9|3d7|3d27)-[0-9]+ level [01] +(A\*P|P\^T\*A) " "/tmp/m_${v}_$r.log" | awk '{print $1, $3, $4, $(NF-4)}' > "/tmp/l0_${v}_$r"
done; done
paste -d' ' /tmp/l0_on_1 <(awk '{print $NF}' /tmp/l0_on_2) <(awk '{print $NF}' /tmp/l0_off_1) <(awk '{print $NF}' /tmp/l0_off_2) <(awk '{print $NF}' /tmp/l0_b4_1) <(awk '{print $NF}' /tmp/l0_b4_2) <(awk '{print $NF}' /tmp/l0_b4m5_1) <(awk '{print $NF}' /tmp/l0_b4m5_2)
