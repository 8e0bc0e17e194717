#!/usr/bin/env bash
# Run 262, second command: the mends (build-gpu) against the commit before them (old, gpu_in/old,
# 36f46ce), whole model, two rounds alternating, the coarse products counted against 0.15 ms.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
export CMAKE_PREFIX_PATH=/opt/deps/usr
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 16 --target spgemm_bench > /tmp/build_old.log 2>&1) || exit 1
for r in 1 2; do for v in gpu old; do timeout 100 build-$v/apps/spgemm_bench > "/tmp/m_${v}_$r.log" 2>&1; done; done
for f in /tmp/m_*.log; do echo "=== $f"; cat "$f"; done > "$F/bench2.log"
for r in 1 2; do for v in gpu old; do
  awk -v tag="$v $r" '/^  .* level [1-9] / && !/sym/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s %s", $1, $3, $4, t)} END {print tag ": " ok " of " n miss}' "/tmp/m_${v}_$r.log"
  grep -E "^(2d5|3d7)-[0-9]+ +0 order (pt_ap|pta_p) " "/tmp/m_${v}_$r.log" | cut -c1-30,70-135
done; done
