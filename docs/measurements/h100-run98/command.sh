#!/usr/bin/env bash
# Run 98: where one pass pays: spgemm_bench (model) and spgemm_bench --hierarchy, both --profile, with --passes two and one (forced), to set the AUTO rule.
# The code was 8c0deb9 plus the list column of 7183735 (spgemm_bench only).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run98.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
for p in two one; do
  timeout 100 build-gpu/apps/spgemm_bench --hierarchy --profile --passes $p > "$F/hierarchy_$p.log" 2>&1
  timeout 150 build-gpu/apps/spgemm_bench --profile --passes $p > "$F/spgemm_$p.log" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"
ls -la "$F"
