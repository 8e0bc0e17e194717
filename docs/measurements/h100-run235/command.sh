#!/usr/bin/env bash
# Run 235: main's code, a measurement: level 0 of the model under AUTO and under single option changes that
# reach the second products (--candidates exact, --b-lookup rows, --b-lookup columns, --passes two), two
# rounds alternating; --profile of the second products under AUTO and --candidates exact.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build > "$F/checks_run.txt" 2>&1
echo "build $((SECONDS - t0)) s"; tail -2 "$F/checks_run.txt"
B=build-gpu/apps/spgemm_bench
names=(auto exact rows columns two)
args=("" "--candidates exact" "--b-lookup rows" "--b-lookup columns" "--passes two")
for round in 1 2; do for k in 0 1 2 3 4; do
  timeout 60 $B --levels 1 ${args[$k]} > "/tmp/m_${names[$k]}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for v in "" "--candidates exact"; do
  for p in 2d5 3d7; do echo "=== [$v] $p"; timeout 40 $B --problem $p --levels 1 --profile $v; done
done > "$F/profile.log" 2>&1
echo "runs done $((SECONDS - t0)) s"
echo "== level 0 tile ms, rounds 1-2, per variant: auto exact rows columns two | cusparse"
awk '/^=== /{f=$2} /^  .* level 0 /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {split("auto exact rows columns two",vs," "); for(i=1;i<=n;i++){k=order[i]; s=sprintf("%-22s", k); for(j=1;j<=5;j++){for(r=1;r<=2;r++) s=s" "t[k,"/tmp/m_"vs[j]"_"r".log"]; s=s" |"} print s" "c[k]}}' "$F/bench.log" | grep -v sym | tee "$F/summary.txt"
echo "== profile, second products"
grep -E "^=== |^(2d5|3d7)[^ ]* +0 +(P\^T\*\(AP\)|\(P\^T A\)\*P) " "$F/profile.log" | grep -v sym
