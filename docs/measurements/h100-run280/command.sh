#!/usr/bin/env bash
# Run 280: next/chain with the chain's error test mended (X = P, inner dimensions differ), on the warm
# machine of run 279: rebuild, ctest -L gpu, memcheck of test_gpu_spgemm; amg_solve on the four configs
# (--repeat 10), new and main (gpu_in/old); the SA hierarchy (new); three rounds of the whole default
# bench, new and main alternating.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
t0=$SECONDS
export CMAKE_PREFIX_PATH=/opt/deps/usr
(cmake --build build-old -j 4 --target amg_solve > /tmp/build_old.log 2>&1; echo "old amg_solve build rc=$?") &
OUT=/tmp/gc STEP_TIMEOUT=300 SANITIZE=build-gpu/tests/test_gpu_spgemm scripts/gpu_check.sh build tests memcheck > "$F/checks_run.txt" 2>&1
wait; echo "builds+checks $((SECONDS - t0)) s"
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
tail -4 "$F/checks_run.txt"; grep -E "tests passed|Failed|\*\*\*|CHECK" /tmp/gc/tests.log | head -8
grep -hE "ERROR SUMMARY" /tmp/gc/sanitizer.log | sort | uniq -c
for v in gpu old; do for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do echo "=== $v $c"; timeout 60 build-$v/apps/amg_solve --config configs/$c.cfg --repeat 10; done; done > "$F/solve.log" 2>&1
echo "solves done $((SECONDS - t0)) s"
timeout 100 build-gpu/apps/spgemm_bench --hierarchy > "$F/hierarchy.log" 2>&1; echo "hierarchy rc=$? $((SECONDS - t0)) s"
for r in 1 2 3; do for v in $([ $r = 2 ] && echo old gpu || echo gpu old); do
  timeout 100 build-$v/apps/spgemm_bench > "$F/bench_${v}_$r.log" 2>&1
done; done; echo "bench done $((SECONDS - t0)) s"
grep -E "^=== |iterations|setup  +median|peak device|true rel" "$F/solve.log" | head -60
grep -hE "^SA-[^ ]+ +0 (order pt_ap sym|galerkin pt_ap sym)" "$F/hierarchy.log" | cut -c1-125
for r in 1 2 3; do for v in gpu old; do
  grep -E "^(2d5|2d9|3d7|3d27)-[0-9]+ +0 (order|galerkin) (pt_ap|pta_p) " "$F/bench_${v}_$r.log" | awk -v t="$v$r" '{printf "%s %s %s %s %s/%s=%s\n", t, $1, $3, $4, $10, $14, $18}'
  awk '/^  .* level [1-9] / && !/sym/ && !/galerkin/ && !/^  2d[59]-1024 level 1 / {n++; t=$(NF-4); if (t+0 <= 0.15) ok++; else miss = miss sprintf(" %s/%s/%s %s", $1, $3, $4, t)} END {print "coarse within 0.15 ms: " ok " of " n miss}' "$F/bench_${v}_$r.log"
done; done
