#!/usr/bin/env bash
# Run 193: EXPERIMENT (timers not committed): where the device numbering's time goes (EXP_TIME phase marks with syncs), and amg_solve --repeat 10 with the tentative-tile guard, tiles vs roots.
# Code: aggregate_numbering_not_kept.diff (h100-run192; the guard counting T's tiles, 7832c24, no longer in the history) plus phase timers in aggregate_order.cu (EXP_TIME: a stream sync and a stderr line per phase; never committed).
cd "$(dirname "$0")/../../.."  # (was gpu_in/run193.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
(cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 16 --target amg_solve) > "$F/build.log" 2>&1 || { tail -20 "$F/build.log"; exit 1; }
for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  echo "=== $c timers" >> "$F/solve.log"
  EXP_TIME=1 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=true 2>&1 | grep -E "EXPT|^ +[0-9] +[0-9.]+ +[0-9.]+ +[0-9.]+ " >> "$F/solve.log"
  for v in tiles roots; do
    echo "=== $c $v" >> "$F/solve.log"
    build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=true --set amg.aggregate_numbering=\"$v\" --repeat 10 >> "$F/solve.log" 2>&1
  done
done
grep -E "^===|EXPT|median|^converged" "$F/solve.log" | grep -v "solve  \|setup + solve"
awk '/^=== /{v=$3; c=$2} /^level  strength/{t=1; next} t && /^ +[0-9] /{printf "%-6s %-16s L%s agg %s prol %s tr %s gal %s  sum %.3f\n", v, c, $1, $3, $5, $6, $7, $3+$5+$6+$7} /^$/{t=0}' "$F/solve.log"
