#!/usr/bin/env bash
# Run 237: main's code, a measurement: where --kernels pairs gains on the model's A*P (run 236). --profile of
# level 0 under AUTO and --kernels pairs (all four problems), and the SA hierarchy (--hierarchy --levels 2)
# under both, two rounds alternating, the second round with --profile.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build > "$F/checks_run.txt" 2>&1
echo "build $((SECONDS - t0)) s"; tail -2 "$F/checks_run.txt"
B=build-gpu/apps/spgemm_bench
for v in auto pairs; do
  a=""; [ $v = pairs ] && a="--kernels pairs"
  echo "=== $v"; timeout 80 $B --levels 1 --profile $a
done > "$F/profile.log" 2>&1
for round in 1 2; do for v in auto pairs; do
  a=""; [ $v = pairs ] && a="--kernels pairs"; p=""; [ $round = 2 ] && p="--profile"
  echo "=== $v $round"; timeout 100 $B --hierarchy --levels 2 $a $p
done; done > "$F/hierarchy.log" 2>&1
echo "runs done $((SECONDS - t0)) s"
echo "== model level 0 per step (variant | columns step1 step2 step3 | median), first products"
awk '/^=== /{v=$2} /^(2d5|2d9|3d7|3d27)[^ ]* +0 +(A\*P|A\^2|P\^T\*A) / {line=$0; if (gsub(/\|/, "|", line) == 2) print v, $0}' "$F/profile.log" | sort -k2,2 -k4,4 -k1,1
echo "== SA hierarchy, tile ms per round: auto pairs | auto pairs"
awk '/^=== /{f=$2" "$3} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; print sprintf("%-28s", k), t[k,"auto 1"], t[k,"pairs 1"], "|", t[k,"auto 2"], t[k,"pairs 2"], "|", c[k]}}' "$F/hierarchy.log" | grep -v sym | tee "$F/hierarchy_summary.txt"
echo "== SA level 0 per step, A*P"
awk '/^=== /{v=$2} /^[^ ]+ +0 +A\*P / {line=$0; if (gsub(/\|/, "|", line) == 2) print v, $0}' "$F/hierarchy.log"
