#!/usr/bin/env bash
# Issue 3's targets from a spgemm_bench log: each level-0 Galerkin order, A^2
# and CSR -> tile row (tile ms, cuSPARSE ms, speedup), then how many coarse
# products (levels >= 1 below 100k rows: not the 2D problems' level 1) took
# at most 0.15 ms. Usage: bench_targets.sh BENCH_LOG
set -euo pipefail
log=$1
echo "== level 0, tile ms / cuSPARSE ms / speedup"
awk -F'|' '/^[23]d[0-9]+-[0-9]+ +0 /{ if ($1 ~ /order|A\^2|csr->/) { split($2,t," "); split($3,c," "); printf "%-44s %7s %7s  %s\n", substr($1,1,44), t[1], c[1], $4 } }' "$log"
awk -F'|' '/^[23]d[0-9]+-[0-9]+ +[0-9]+ /{ split($1,a," "); if (a[2]>=1 && !(a[1] ~ /^2d/ && a[2]==1) && $1 !~ /order|csr->|A\^2/) { n++; split($2,t," "); if (t[1]<=0.15) ok++; else print "  coarse miss:", $1, t[1] } } END { print "  coarse products within 0.15 ms: " ok " of " n }' "$log"
