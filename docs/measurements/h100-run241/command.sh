#!/usr/bin/env bash
# Run 241: main's code (step 3's new rule, 671aaeb): the whole model, every level, two rounds, the first
# with JSON; the coarse products (levels 1 and below, general) counted against 0.15 ms per round.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build > "$F/checks_run.txt" 2>&1
echo "build $((SECONDS - t0)) s"; tail -1 "$F/checks_run.txt"
timeout 200 build-gpu/apps/spgemm_bench --json "$F/spgemm.json" > "$F/model.log" 2>&1; echo "model rc=$?"
timeout 200 build-gpu/apps/spgemm_bench > "$F/model2.log" 2>&1; echo "model 2 rc=$?"
for f in model model2; do
  echo "== $f: level-0 targets"
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 (order|A\^2|csr)" "$F/$f.log" | cut -c1-130
  awk '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else print "miss:", $0} END {print ok " of " n " coarse products within 0.15 ms"}' "$F/$f.log"
done
echo "done $((SECONDS - t0)) s"
