#!/usr/bin/env bash
# Run 186: the real SA hierarchy (spgemm_bench --hierarchy, MIS-2 aggregates), kernel to kernel against cuSPARSE on CSR operands: step 1's candidates auto / exact / layout, two rounds; one --profile run.
# Code: 3cd9f40.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run186.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build > "$F/checks_run.txt" 2>&1
for round in 1 2; do for cand in auto exact layout; do
  timeout 100 build-gpu/apps/spgemm_bench --hierarchy --candidates $cand > "/tmp/h_${cand}_$round.log" 2>&1
done; done
timeout 100 build-gpu/apps/spgemm_bench --hierarchy --profile > "$F/profile.log" 2>&1
for f in /tmp/h_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
tail -2 "$F/checks_run.txt"
echo "== tile ms: auto r1, exact r1, layout r1, auto r2, exact r2, layout r2 | cusparse"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-28s %s %s %s  %s %s %s | %s\n", k, t[k,"/tmp/h_auto_1.log"], t[k,"/tmp/h_exact_1.log"], t[k,"/tmp/h_layout_1.log"], t[k,"/tmp/h_auto_2.log"], t[k,"/tmp/h_exact_2.log"], t[k,"/tmp/h_layout_2.log"], c[k]}}' "$F/bench.log" | grep -E " L[0-2] "
grep -iE "per-step|step" "$F/profile.log" | head -3; grep -E "^SA-3d7\S* +1 " "$F/profile.log" | head -12
