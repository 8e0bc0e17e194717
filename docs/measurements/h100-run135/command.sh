#!/usr/bin/env bash
# Run 135: after c8505ec, where the looping pair kernels' time goes: ncu --set full on the one-pass kernel (3D 7-point P^T*(AP)) and the numeric pair kernel (3D 7-point P^T*A), a -lineinfo build; spgemm_bench --levels 1 --profile under auto and --passes two.
# Code: c8505ec.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run135.sh, run from the repository root)
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf build-li build-old
cmake -S . -B build-li -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_FLAGS=-lineinfo > /dev/null && cmake --build build-li -j 16 --target spgemm_bench > /tmp/build.log 2>&1; echo "build rc=$?"
B=build-li/apps/spgemm_bench
for mode in auto "--passes two"; do
  a=$mode; [ "$mode" = auto ] && a=""
  echo "=== $mode" >> "$F/bench.log"
  timeout 120 $B --levels 1 --profile $a >> "$F/bench.log" 2>&1
done
timeout 150 ncu --set full --import-source yes -k regex:one_pass_kernel --launch-count 1 -o /tmp/op \
  $B --problem 3d7 --levels 1 --reps 1 > /tmp/ncu1.log 2>&1; echo "ncu one-pass rc=$?"
timeout 150 ncu --set full --import-source yes -k regex:numeric_kernel --launch-skip 12 --launch-count 1 -o /tmp/nk \
  $B --problem 3d7 --levels 1 --reps 1 > /tmp/ncu2.log 2>&1; echo "ncu numeric rc=$?"
for r in op nk; do
  ncu -i /tmp/$r.ncu-rep --page details > "$F/details_$r.txt" 2>&1
  ncu -i /tmp/$r.ncu-rep --page source --csv --print-source sass > /tmp/sass_$r.csv 2>/dev/null
  python3 - /tmp/sass_$r.csv > "$F/sass_top_$r.txt" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
hdr = rows[0]
def col(name):
    for i, h in enumerate(hdr):
        if h == name:
            return i
    return None
ci = col('Warp Stall Sampling (All Samples)'); si = col('Source'); ai = col('Address')
tot = sum(float(r[ci] or 0) for r in rows[1:] if len(r) > ci)
top = sorted(rows[1:], key=lambda r: -float(r[ci] or 0))[:40]
print('total samples', tot)
for r in top:
    print(f"{float(r[ci])/tot*100:5.1f}% {r[ai]} {r[si][:110]}")
PY
done
grep -E "one_pass|numeric_kernel" /tmp/ncu1.log /tmp/ncu2.log | head -4
grep -E "^===|P\^T\*A |P\^T\*\(AP\)|\(P\^T A\)\*P" "$F/bench.log" | grep -v "level" | grep -v sym | cut -c1-130
