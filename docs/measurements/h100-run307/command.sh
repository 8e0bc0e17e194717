#!/usr/bin/env bash
# Run 307 (warm, run 306's build): run 306's four --problem 2d5 rounds showed no slow A*P. Here the full
# bench, three rounds as in runs 300 and 305, with JSON and the GPU sampled every 20 ms: clocks, power,
# temperature, throttle reasons. Prints the 2D 5-point A*P per round (min/median/max) and every sample
# whose throttle reason is other than idle (0x1) or none (0x0).
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu,utilization.gpu,clocks_throttle_reasons.active \
  --format=csv,noheader -lms 20 > /tmp/smi.csv 2>&1 &
smi=$!
for r in 1 2 3; do
  echo "round $r start $(date +%Y/%m/%d\ %H:%M:%S.%N)" >> "$OUT/marks.txt"
  timeout 90 build-gpu/apps/spgemm_bench --json /tmp/r$r.json > /tmp/r$r.log 2>&1
  echo "round $r end $(date +%Y/%m/%d\ %H:%M:%S.%N)" >> "$OUT/marks.txt"
  grep -E "^  2d5-1024 level 0  A\*P " /tmp/r$r.log | sed "s/^/r$r /"
  grep -nE "^  2d5-1024 level 0  A\*P " /tmp/r$r.log >/dev/null
done
kill $smi
cp /tmp/smi.csv "$OUT/smi.csv"; cat /tmp/r1.log /tmp/r2.log /tmp/r3.log > "$OUT/bench.log"; cat /tmp/r?.json > "$OUT/bench.json"
python3 - <<'PY'
import json
for r in (1, 2, 3):
    for f in json.load(open("/tmp/r%d.json" % r))["figures"]:
        if f["problem"].startswith("2d5") and f["level"] == 0 and f["op"] == "A*P":
            print("r%d A*P tile min/med/max %.3f/%.3f/%.3f  cusp %.3f/%.3f/%.3f" % (r, f["tile_min_ms"], f["tile_ms"],
                  f["tile_max_ms"], f["cusparse_min_ms"], f["cusparse_ms"], f["cusparse_max_ms"]))
PY
cat "$OUT/marks.txt"
echo "throttle reasons (count):"; awk -F', ' '{print $7}' /tmp/smi.csv | sort | uniq -c
echo "temperature max:"; awk -F', ' '{print $5}' /tmp/smi.csv | sort -n | tail -1
echo "samples with other throttle reasons:"; awk -F', ' '$7 != "0x0000000000000000" && $7 != "0x0000000000000001"' /tmp/smi.csv | head -40
