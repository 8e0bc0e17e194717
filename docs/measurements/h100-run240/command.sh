#!/usr/bin/env bash
# Run 240: main's code (step 3's row kernel only for C of many tile rows of at least 8 tiles), a
# measurement: the model (levels 0-1) and the SA hierarchy under AUTO and under each single option of
# spgemm_bench, two rounds; a table of the products where an option beats AUTO.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build > "$F/checks_run.txt" 2>&1
echo "build $((SECONDS - t0)) s"; tail -1 "$F/checks_run.txt"
B=build-gpu/apps/spgemm_bench
names=(auto one two brows bcols exact layout thr128 thr256)
args=("" "--passes one" "--passes two" "--b-lookup rows" "--b-lookup columns" "--candidates exact"
      "--candidates layout" "--dense-threshold 128" "--dense-threshold 256")
for round in 1 2; do for k in 0 1 2 3 4 5 6 7 8; do
  timeout 40 $B --levels 2 ${args[$k]} > "/tmp/m_${names[$k]}_$round.log" 2>&1
  timeout 40 $B --hierarchy --levels 2 ${args[$k]} > "/tmp/h_${names[$k]}_$round.log" 2>&1
done; done
for f in /tmp/m_*.log /tmp/h_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
echo "runs done $((SECONDS - t0)) s"
echo "== products where an option's mean of 2 rounds beats AUTO's by over 5% (tile ms: auto, option)"
awk '/^=== /{split($2, p, "_"); v=p[2]} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,v]+=$(NF-4); if(!(key in seen)){seen[key]=1; order[++n]=key}}
     END {split("one two brows bcols exact layout thr128 thr256", vs, " "); for(i=1;i<=n;i++){k=order[i]; a=t[k,"auto"]/2; s=""; for(j=1;j<=8;j++){o=t[k,vs[j]]/2; if (o > 0 && o < 0.95*a) s=s sprintf(" %s %.3f", vs[j], o)} if (s != "") printf "%-30s auto %.3f |%s\n", k, a, s}}' "$F/bench.log" | tee "$F/summary.txt"
