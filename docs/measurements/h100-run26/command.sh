#!/usr/bin/env bash
# Run 26: numeric step, row kernel (auto) against the pair kernel alone, same run.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
OUT=/tmp/gc scripts/gpu_check.sh build > /dev/null 2>&1
for k in auto pairs; do
  timeout 100 build-gpu/apps/spgemm_bench --numeric $k --levels 1 > "$OUT/model_$k.log" 2>&1
  timeout 100 build-gpu/apps/spgemm_bench --numeric $k --hierarchy --profile > "$OUT/hierarchy_$k.log" 2>&1
done
for k in auto pairs; do echo "== $k"; grep -E "^[23]d[0-9]+-[0-9]+ +0 (A\^2|order)" "$OUT/model_$k.log";
  sed -n '/per-step breakdown/,$p' "$OUT/hierarchy_$k.log" | grep -E " 0 A\*P"; done
