#!/usr/bin/env bash
# Run 185: galerkin_symmetric_min_rows re-measured in the setup: amg_solve --compare-orders cusparse --repeat 10 on the four problems with the threshold at 4096 (default), 16384 and 65536, two rounds.
# Code: dfa414e.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run185.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf /tmp/gc
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build > "$F/checks_run.txt" 2>&1
for round in 1 2; do for m in 4096 16384 65536; do for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  echo "=== round $round min_rows $m $c" >> "$F/compare.log"
  timeout 60 build-gpu/apps/amg_solve --config configs/$c.cfg --set output.verbose=false \
    --set amg.galerkin_symmetric_min_rows=$m --compare-orders cusparse --repeat 10 >> "$F/compare.log" 2>&1
done; done; done
tail -2 "$F/checks_run.txt"
awk '/^=== round/{rd=$3; m=$5; c=$6} /^    [0-9] \|/ {print c, "L"$1, "min", m, "r"rd, $3} /^  sum/ {print c, "sum", "min", m, "r"rd, $3}' "$F/compare.log" | sort -k1,1 -k2,2 -k4,4n -k5,5 | awk '{k=$1" "$2" min "$4; v[k]=v[k]" "$6; if(!(k in s)){s[k]=1; o[++n]=k}} END{for(i=1;i<=n;i++) print o[i], v[o[i]]}'
