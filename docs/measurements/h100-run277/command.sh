#!/usr/bin/env bash
# Run 277: the final rule (8 waves of C tiles): build, ctest -L gpu, one pass of the model and the
# dot kernel's products (level 0-1 first products, default AUTO).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/checks_run.txt" 2>&1
cp /tmp/gc/tests.log "$F/" 2>/dev/null
tail -3 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*|CHECK" /tmp/gc/tests.log | head -8
timeout 100 build-gpu/apps/spgemm_bench > "$F/bench.log" 2>&1
awk '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s %s", $1, $3, $4, t)} END {print "coarse within 0.15 ms: " ok " of " n miss}' "$F/bench.log"
grep -E "^  (2d5|2d9|3d7|3d27)-[0-9]+ level [01] +(A\*P|P\^T\*A) " "$F/bench.log"
grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 order (pt_ap|pta_p) " "$F/bench.log" | cut -c1-140
