#!/usr/bin/env bash
# Run 49: pair kernel with register accumulators: tests, and spgemm_bench forced pairs / registers / auto (the register form is registers.diff, not committed; a temporary trace patch was also in the tree, inactive without AMG_TRACE).
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
cp /tmp/gc/tests.log $F/
for v in pairs registers auto; do
  timeout 150 build-gpu/apps/spgemm_bench --numeric $v --reps 10 > "$F/model_$v.log" 2>&1
done
for v in pairs registers; do
  timeout 150 build-gpu/apps/spgemm_bench --hierarchy --numeric $v --reps 10 > "$F/hier_$v.log" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"; grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
paste <(grep -E "level [0-9]" "$F/model_pairs.log" | awk '{print $1,$3,$4,$6}') <(grep -E "level [0-9]" "$F/model_registers.log" | awk '{print $6}') <(grep -E "level [0-9]" "$F/model_auto.log" | awk '{print $6, $9}')
