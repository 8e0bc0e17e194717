#!/usr/bin/env bash
# Run 66: which matrices "list" is slower on in the 3D 27-point solve (run 65: solve 9.807 / 9.837 -> 10.369 / 10.355 ms): ncu kernel durations of every batch/list/stream launch in one amg_solve, this code against the previous commit (1ed59dd), 3D 27-point and 3D 7-point.
cd "$(dirname "$0")/.."  # (was gpu_in/run.sh, run from the repository root)
F=$OUT
[ -x build-gpu/apps/amg_solve ] || OUT=/tmp/gc STEP_TIMEOUT=200 scripts/gpu_check.sh build > "$F/run.txt" 2>&1
[ -x gpu_in/base/build-base/apps/amg_solve ] || (cd gpu_in/base && cmake -S . -B build-base -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=/opt/deps/usr > /tmp/base_build.log 2>&1 && cmake --build build-base -j 16 --target amg_solve >> /tmp/base_build.log 2>&1) || { echo "base build FAILED"; tail -20 /tmp/base_build.log; }
for c in poisson3d_27pt poisson3d_7pt; do
  for which in ${WHICH:-base new}; do
    bin=build-gpu/apps/amg_solve; [ $which = base ] && bin=gpu_in/base/build-base/apps/amg_solve
    timeout 250 ncu --metrics gpu__time_duration.sum --print-units base --csv -k regex:"batch_kernel|list_kernel|stream_kernel|row_kernel" $bin --config configs/$c.cfg --set output.verbose=false > /tmp/ncu_${c}_$which.csv 2>&1
    python3 - /tmp/ncu_${c}_$which.csv > "$F/kernels_${c}_$which.txt" <<'PY'
import csv, sys, collections
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
h = rows[0]; data = rows[1:]
k, g, v = h.index("Kernel Name"), h.index("Grid Size"), h.index("Metric Value")
agg = collections.OrderedDict()
for r in data:
    key = (r[k].split("(")[0], r[g])
    t = float(r[v].replace(",", ""))
    a = agg.setdefault(key, [0, 0.0]); a[0] += 1; a[1] += t
tot = sum(a[1] for a in agg.values())
print("total %.1f us over %d launches (ncu serialises launches and fixes clocks)" % (tot / 1e3, sum(a[0] for a in agg.values())))
for (name, grid), (n, t) in sorted(agg.items(), key=lambda x: -x[1][1]):
    print("%10.1f us %5d calls %8.2f us/call  grid %-16s %s" % (t / 1e3, n, t / 1e3 / n, grid, name))
PY
  done
done
for f in "$F"/kernels_*; do echo "== $f"; head -14 "$f"; done
