#!/usr/bin/env bash
# Run 298: test_gpu_spgemm in sections (argument K/N). Build, ctest -L gpu, the whole test, then parts
# 0/4..3/4 one after another, and the sections each part ran (the products' names printed) against
# the whole's.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build tests > /tmp/checks_run.txt 2>&1
echo "build+ctest $((SECONDS - t0)) s"; sed -n '/==== summary/,$p' /tmp/checks_run.txt
grep -E "tests passed|Failed" /tmp/gc/tests.log | head -3
T=build-gpu/tests/test_gpu_spgemm
$T > /tmp/whole.txt 2>&1; echo "whole rc=$? $((SECONDS - t0)) s"; tail -1 /tmp/whole.txt
for k in 0 1 2 3; do $T $k/4 > /tmp/part$k.txt 2>&1; echo "part $k/4 rc=$? $((SECONDS - t0)) s: $(tail -2 /tmp/part$k.txt | tr "\n" " ")"; done
$T 4/4; echo "4/4 rc=$? (usage error expected: 2)"
sort /tmp/whole.txt | grep -v "^test_gpu_spgemm" > /tmp/w.s; cat /tmp/part?.txt | grep -v "^test_gpu_spgemm" | sort > /tmp/p.s
cmp /tmp/w.s /tmp/p.s && echo "the parts printed the same $(wc -l < /tmp/w.s) lines as the whole"
cp /tmp/whole.txt /tmp/part?.txt "$F/"; cp /tmp/checks_run.txt "$F/checks.txt"
echo "all done $((SECONDS - t0)) s"
