#!/usr/bin/env bash
# Run 262: main after the review's two host-side mends (a compaction's early C arrays from
# fmt_tile_create; one mapped-pinned allocation helper): build, ctest -L gpu, memcheck of
# test_gpu_spgemm and test_gpu_formats, spgemm_bench once.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=400 SANITIZE="build-gpu/tests/test_gpu_spgemm build-gpu/tests/test_gpu_formats" scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
tail -4 "$F/checks_run.txt"; grep -E "tests passed" /tmp/gc/tests.log; grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log
timeout 100 build-gpu/apps/spgemm_bench > "$F/bench.log" 2>&1; echo "bench rc=$?"
awk '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s %s", $1, $3, $4, t)} END {print "coarse within 0.15 ms: " ok " of " n miss}' "$F/bench.log"
grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 (order|A\^2 |csr)" "$F/bench.log" | grep -v sym | cut -c1-20,70-140
