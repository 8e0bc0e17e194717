#!/usr/bin/env bash
# Run 27: shared pair accumulation in the numeric kernels; tests, sanitizers on test_gpu_spgemm, quick bench.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc SANITIZE="build-gpu/tests/test_gpu_spgemm" STEP_TIMEOUT=200 scripts/gpu_check.sh build tests memcheck racecheck > "$F/run.txt" 2>&1
cp /tmp/gc/sanitizer.log /tmp/gc/tests.log "$F/"
for k in auto pairs; do
  timeout 60 build-gpu/apps/spgemm_bench --numeric $k --hierarchy --profile --problem 3d27 --problem 3d7 > "$F/hierarchy_$k.log" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed" "$F/tests.log"
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
for k in auto pairs; do echo "== $k"; sed -n '/per-step breakdown/,$p' "$F/hierarchy_$k.log" | grep -E " 0 "; done
