#!/usr/bin/env bash
# Run 151: b7058f4 (step 1 by lane groups, one occupancy pass), the build of run 150 (same sources; brought up to date first): spgemm_bench --profile (the model, all levels, JSON), amg_solve --compare-orders cusparse --repeat 10.
# Code: b7058f4.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run151.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
cmake --build build-gpu -j 16 > "$F/build.log" 2>&1 || { tail -20 "$F/build.log"; exit 1; }
timeout 150 build-gpu/apps/spgemm_bench --profile --json "$F/spgemm.json" > "$F/spgemm.log" 2>&1
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt poisson3d_27pt; do
  echo "=== $c" >> "$F/compare.log"
  timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false \
    --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done
tail -1 "$F/build.log"
echo "== $(grep -E "level [1-9]" "$F/spgemm.log" | grep -v -E "order|A\^2|sym" | grep -v -E "(2d5|2d9)-1024 level 1 " | awk '{for(i=1;i<=NF;i++) if($i=="tile") t=$(i+1); n++; if (t<=0.15) k++} END {print k" of "n" within 0.15 ms (levels < 100k rows)"}')"
grep -E "level [1-9]" "$F/spgemm.log" | grep -v -E "order|A\^2|sym" | grep -v -E "(2d5|2d9)-1024 level 1 " | awk '{for(i=1;i<=NF;i++) if($i=="tile") t=$(i+1); if (t>0.15) print}'
grep -E "^  .* level 0 " "$F/spgemm.log" | grep -v "order"
sed -n '1,/per-step/p' "$F/spgemm.log" | grep -E "^[23]d.* 0 (A\^2|order pt_ap|order pta_p) " | cut -c1-100
grep -E "^===|sum \|" "$F/compare.log" | awk '/===/{printf "%s ", $2; next}{gsub(/\|/," "); printf "%s / %s (%.3fx)\n", $2,$6,$6/$2}'
sed -n '/per-step/,$p' "$F/spgemm.log" | grep -E " 0 A\^2"
