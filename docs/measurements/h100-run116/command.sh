#!/usr/bin/env bash
# Run 116: the row kernels in windows (lane-private walk of the B tiles whose row c holds entries): build, ctest -L gpu, memcheck test_gpu_spgemm; spgemm_bench --profile --levels 1 of the new code, the old row kernels (6b3a5cb) and the new code with 480 row slots (7 blocks per SM), in one run.
# Code: 6b3a5cb plus docs/measurements/h100-run116/row_windows.diff (not kept). The old and v480 builds failed here (the copies lacked cmake/FindLibconfig.cmake), so the comparison is with run 112.
# gpu_in/old/ held the committed (HEAD) copies of the changed .cu files.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run116.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
OUT=/tmp/gc STEP_TIMEOUT=250 SANITIZE="build-gpu/tests/test_gpu_spgemm" scripts/gpu_check.sh memcheck >> "$F/run.txt" 2>&1
cp /tmp/gc/tests.log /tmp/gc/sanitizer.log "$F/" 2>/dev/null
export CMAKE_PREFIX_PATH=/opt/deps/usr
for v in old v480; do
  rm -rf /tmp/$v; mkdir /tmp/$v; cp -r CMakeLists.txt apps solver spgemm formats configs tests scripts /tmp/$v/
done
cp gpu_in/old/*.cu /tmp/old/spgemm/
sed -i 's/#define SPGEMM_ROW_SLOTS 512/#define SPGEMM_ROW_SLOTS 480/' /tmp/v480/spgemm/spgemm.h
sed -i 's|#define SPGEMM_SHORT_ROW_SLOTS (SPGEMM_ROW_SLOTS / 2)|#define SPGEMM_SHORT_ROW_SLOTS 256|' /tmp/v480/spgemm/spgemm_device.cuh
for v in old v480; do
  (cd /tmp/$v && cmake -S . -B b -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build b -j 16 --target spgemm_bench > /dev/null 2>&1) || echo "build $v failed"
done
for round in 1 2; do
  timeout 100 build-gpu/apps/spgemm_bench --profile --levels 1 > "$F/new$round.log" 2>&1
  timeout 100 /tmp/old/b/apps/spgemm_bench --profile --levels 1 > "$F/old$round.log" 2>&1
done
timeout 100 /tmp/v480/b/apps/spgemm_bench --profile --levels 1 > "$F/v480.log" 2>&1
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
grep -hE "SUMMARY" "$F/sanitizer.log" | sort | uniq -c
x() { grep -E "^  .*level" "$1" | sed -E 's/^ +([^ ]+) level ([0-9]+) +(.*[^ ]) +tile ([0-9.]+) ms, cusparse ([0-9.]+) ms/\1 \3|\4|\5/'; }
echo "problem op | new1 | new2 | old1 | old2 | v480 | cusparse(new1)"
paste -d'|' <(x $F/new1.log | cut -d'|' -f1,2) <(x $F/new2.log | cut -d'|' -f2) <(x $F/old1.log | cut -d'|' -f2) <(x $F/old2.log | cut -d'|' -f2) <(x $F/v480.log | cut -d'|' -f2) <(x $F/new1.log | cut -d'|' -f3) | grep -v sym
for v in new1 old1 v480; do echo "== steps $v"; sed -n '/per-step/,$p' "$F/$v.log" | grep -E " 0 (A\^2|A\*P) "; done
