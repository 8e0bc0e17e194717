#!/usr/bin/env bash
# Run 180: every product with exact candidates (AMG_EXACT_ALL=1, a temporary switch; C then built in place) against exact candidates only where step 2 has its row kernel (=0): ctest -L gpu, test_gpu_spgemm with =1; spgemm_bench, all levels, x2 each.
# Code: 7d80f1f plus the temporary AMG_EXACT_ALL switch, and in place wherever candidates are exact and steps 2 and 3 are two passes.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run180.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/checks_run.txt" 2>&1
cp /tmp/gc/tests.log "$F/" 2>/dev/null
AMG_EXACT_ALL=1 build-gpu/tests/test_gpu_spgemm > "$F/test_exact_all.log" 2>&1; echo "test_gpu_spgemm exact-all: rc=$?"
t0=$SECONDS
for round in 1 2; do for v in 0 1; do
  AMG_EXACT_ALL=$v timeout 120 build-gpu/apps/spgemm_bench > "/tmp/bench_${v}_$round.log" 2>&1
done; done
echo "bench: $((SECONDS - t0)) s"
for f in /tmp/bench_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*" /tmp/gc/tests.log | head -8
echo "== tile ms: layout r1, exact r1, layout r2, exact r2 | cusparse"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-26s %s %s %s %s | %s\n", k, t[k,"/tmp/bench_0_1.log"], t[k,"/tmp/bench_1_1.log"], t[k,"/tmp/bench_0_2.log"], t[k,"/tmp/bench_1_2.log"], c[k]}}' "$F/bench.log" | grep -vE "A\^2|L0 A\*P"
