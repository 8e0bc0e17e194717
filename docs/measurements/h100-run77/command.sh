#!/usr/bin/env bash
# Run 77: numeric row kernel with 1-8 half-warps per C tile row (split by A's tile row, partial rows added in a fixed order), bounded to C's column range: build, ctest -L gpu, memcheck + racecheck (spgemm), spgemm_bench --hierarchy --profile with --kernels auto / pairs / rows, model profile pairs / rows.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=200 SANITIZE="build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh memcheck >> "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=330 SANITIZE="build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh racecheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
b=build-gpu/apps
for k in auto pairs rows; do
  timeout 100 $b/spgemm_bench --hierarchy --profile --kernels $k > "$F/hierarchy_$k.log" 2>&1
done
for k in pairs rows; do
  timeout 100 $b/spgemm_bench --profile --levels 3 --kernels $k > "$F/model_$k.log" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
for k in auto pairs rows; do echo "== $k"; grep -A80 "per-step" "$F/hierarchy_$k.log" | grep -E "P\^T\*\(AP\)|\(P\^T A\)\*P|lv op" | awk '{print $1,$2,$3,$4,$5,$6,$7,$12,$14}'; done
