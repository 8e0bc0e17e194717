#!/usr/bin/env bash
# Run 191: EXPERIMENT (not committed code): aggregates renumbered by MIS-2 clusters of A's tile rows (strong tiles: >= 8 entries), done on the host between download and upload, level 0 only (EXP_TILES=8) or every level (EXP_ALL=1); spgemm_bench --hierarchy and amg_solve on the four problems, plain vs renumbered.
# Code: 831e2da with the experiment's host-side renumbering (exp_regroup.c.txt, setup_hook.diff; never committed), the hook downloading A and agg, renumbering on the host and uploading agg.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run191.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
(cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 16 --target spgemm_bench amg_solve) > "$F/build.log" 2>&1 || { tail -20 "$F/build.log"; exit 1; }
for round in 1 2; do
  timeout 120 build-gpu/apps/spgemm_bench --hierarchy > "/tmp/h_plain_$round.log" 2>&1
  EXP_TILES=8 timeout 120 build-gpu/apps/spgemm_bench --hierarchy > "/tmp/h_l0_$round.log" 2>&1
  EXP_ALL=1 EXP_TILES=8 timeout 120 build-gpu/apps/spgemm_bench --hierarchy > "/tmp/h_all_$round.log" 2>&1
done
for f in /tmp/h_*_?.log; do echo "=== $f"; cat "$f"; done > "$F/bench.log"
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  for v in plain l0 all; do
    echo "=== $c $v" >> "$F/solve.log"
    env $( [ $v != plain ] && echo EXP_TILES=8 ) $( [ $v = all ] && echo EXP_ALL=1 ) timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=true >> "$F/solve.log" 2>&1
  done
done
echo "== SA hierarchy, tile ms: plain1 l0_1 all1 plain2 l0_2 all2 | cusparse"
awk '/^=== /{f=$2} /^  .* level [0-9] /{op=$4; for(i=5;i<=NF-6;i++) op=op" "$i; key=$1" L"$3" "op; t[key,f]=$(NF-4); c[key]=$(NF-1); if(!(key in seen)){seen[key]=1; order[++n]=key}} END {for(i=1;i<=n;i++){k=order[i]; printf "%-28s %s %s %s %s %s %s | %s\n", k, t[k,"/tmp/h_plain_1.log"], t[k,"/tmp/h_l0_1.log"], t[k,"/tmp/h_all_1.log"], t[k,"/tmp/h_plain_2.log"], t[k,"/tmp/h_l0_2.log"], t[k,"/tmp/h_all_2.log"], c[k]}}' "$F/bench.log" | grep -E "^SA" | grep -E " L[01] "
grep -E "^=== |levels, setup" "$F/bench.log"
grep -E "^===|^converged|^setup |galerkin" "$F/solve.log" | head -120
