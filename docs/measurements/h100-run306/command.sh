#!/usr/bin/env bash
# Run 306: why the 2D 5-point level-0 A*P comes out 2-3x slow (tile and cuSPARSE alike) in later bench
# rounds (runs 300, 305). Four rounds of spgemm_bench --problem 2d5 with JSON (per-figure min and max),
# the GPU's clocks, power and throttle reasons sampled every 20 ms alongside.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
OUT=$OUT scripts/gpu_check.sh build > "$OUT/checks.txt" 2>&1 || { tail -20 "$OUT/checks.txt"; exit 1; }
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu,utilization.gpu,clocks_throttle_reasons.active \
  --format=csv,noheader -lms 20 > "$OUT/smi.csv" 2>&1 &
smi=$!
for r in 1 2 3 4; do
  echo "round $r start $(date +%H:%M:%S.%N)" >> "$OUT/marks.txt"
  build-gpu/apps/spgemm_bench --problem 2d5 --json "$OUT/r$r.json" > "$OUT/r$r.log" 2>&1
  echo "round $r end $(date +%H:%M:%S.%N)" >> "$OUT/marks.txt"
  grep -E "^  2d5-1024 level 0  (A\^2|A\*P|P\^T\*\(AP\)) " "$OUT/r$r.log" | sed "s/^/r$r /"
done
kill $smi
python3 - "$OUT" <<'PY'
import json, sys
out = sys.argv[1]
for r in range(1, 5):
    d = json.load(open("%s/r%d.json" % (out, r)))
    figs = d["figures"] if isinstance(d, dict) else d
    for f in figs:
        if f.get("level") == 0 and f.get("op") in ("A^2", "A*P", "P^T*(AP)"):
            print("r%d %-9s tile min/med/max %.3f/%.3f/%.3f  cusp min/med/max %.3f/%.3f/%.3f" % (r, f["op"],
                  f["tile_min_ms"], f["tile_ms"], f["tile_max_ms"], f.get("cusparse_min_ms", -1), f.get("cusparse_ms", -1), f.get("cusparse_max_ms", -1)))
PY
cat "$OUT/marks.txt"
awk -F', ' '{print $2, $4, $7}' "$OUT/smi.csv" | sort | uniq -c | sort -rn | head -12
