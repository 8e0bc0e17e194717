#!/usr/bin/env bash
# Run 296: main's code (75457e2), a measurement only. Step 3 by dot products from B^T on the
# second Galerkin product: (P^T A)*P has B^T = P^T at hand, so `--passes two --dot on` times the
# dot kernel on a second product (the one pass is AUTO's choice there). P^T*(AP), the product that
# misses 2x, has the same pairs with the roles of A and B^T swapped; it would need (AP)^T. Three
# rounds of each option set on 3D 7-point and 2D 5-point level 0, with --profile.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build > /tmp/checks_run.txt 2>&1
echo "build $((SECONDS - t0)) s"; tail -2 /tmp/checks_run.txt
B=build-gpu/apps/spgemm_bench
for r in 1 2 3; do
  for o in "" "--passes two" "--passes two --dot on" "--passes two --dot on --candidates exact" "--candidates exact"; do
    echo "=== round $r options [$o]" >> "$F/bench.log"
    timeout 60 $B --problem 3d7 --problem 2d5 --levels 1 --profile $o > /tmp/b.log 2>&1; cat /tmp/b.log >> "$F/bench.log"
    awk -F'|' -v t="r$r[$o]" 'NF == 6 && $1 ~ /^(2d5|3d7)-[0-9]+ +0 (P\^T\*\(AP\)|\(P\^T A\)\*P|order)/ {
      split($1, h, "  +"); split($2, x, " +"); split($3, y, " +"); gsub(/ /, "", $4); print t, h[1], h[2], h[3], x[2] "/" y[2] "=" $4}' /tmp/b.log
    grep -E "^(2d5|3d7)-[0-9]+ +0 (P\^T\*\(AP\)|\(P\^T A\)\*P) +[0-9]+ +[0-9]+ +[0-9.]+ \|" /tmp/b.log | awk -v t="r$r[$o] profile" '{print t, $0}'
  done
done
echo "all done $((SECONDS - t0)) s"
