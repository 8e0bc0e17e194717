#!/usr/bin/env bash
# Run 236: main's code, a measurement: level 0 of the model under AUTO and under kernel options that reach the
# first products (--kernels pairs, --kernels pairs --passes one, --kernels rows, --row-split 2, --candidates
# layout), two rounds alternating.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build > "$F/checks_run.txt" 2>&1
echo "build $((SECONDS - t0)) s"; tail -2 "$F/checks_run.txt"
B=build-gpu/apps/spgemm_bench
names=(auto pairs pairs1 rows split2 layout)
args=("" "--kernels pairs" "--kernels pairs --passes one" "--kernels rows" "--row-split 2" "--candidates layout")
for round in 1 2; do for k in 0 1 2 3 4 5; do
  timeout 60 $B --levels 1 ${args[$k]} > "/tmp/m_${names[$k]}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "runs done $((SECONDS - t0)) s"
echo "== level 0 tile ms, rounds 1-2, per variant: auto pairs pairs1 rows split2 layout | cusparse"
awk '/^=== /{f=$2} /^  .* level 0 /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {split("auto pairs pairs1 rows split2 layout",vs," "); for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-22s", k); for(j=1;j<=6;j++){for(r=1;r<=2;r++) s=s" "t[k,"/tmp/m_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$F/bench.log" | grep -v sym | tee "$F/summary.txt"
