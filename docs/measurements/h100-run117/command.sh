#!/usr/bin/env bash
# Run 117: numeric row kernel's larger instance at 464 slots (7 blocks per SM instead of 6) against 512 (6b3a5cb), in one run: build, ctest -L gpu, then spgemm_bench --profile --levels 1 of both builds, alternating, two rounds.
# Code: a6db4ae ("new"); "old" is the same tree with 512 slots, as at 6b3a5cb.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run117.sh, run from the repository root)
F=$OUT
OUT=/tmp/gc STEP_TIMEOUT=300 scripts/gpu_check.sh build tests > "$F/run.txt" 2>&1
cp /tmp/gc/tests.log "$F/" 2>/dev/null
export CMAKE_PREFIX_PATH=/opt/deps/usr
rm -rf /tmp/old; mkdir /tmp/old; cp -r CMakeLists.txt cmake apps solver spgemm formats configs tests scripts /tmp/old/
sed -i 's/#define SPGEMM_ROW_SLOTS 464/#define SPGEMM_ROW_SLOTS 512/' /tmp/old/spgemm/spgemm.h
sed -i 's|#define SPGEMM_SHORT_ROW_SLOTS 256|#define SPGEMM_SHORT_ROW_SLOTS (SPGEMM_ROW_SLOTS / 2)|' /tmp/old/spgemm/spgemm_device.cuh
grep -h "define SPGEMM_ROW_SLOTS\|define SPGEMM_SHORT_ROW_SLOTS" /tmp/old/spgemm/spgemm.h /tmp/old/spgemm/spgemm_device.cuh
(cd /tmp/old && cmake -S . -B b -G Ninja -DCMAKE_BUILD_TYPE=Release > /tmp/old.log 2>&1 && cmake --build b -j 16 --target spgemm_bench >> /tmp/old.log 2>&1) || { echo "build old failed"; tail -20 /tmp/old.log; }
for round in 1 2; do
  timeout 100 build-gpu/apps/spgemm_bench --profile --levels 1 > "$F/new$round.log" 2>&1
  timeout 100 /tmp/old/b/apps/spgemm_bench --profile --levels 1 > "$F/old$round.log" 2>&1
done
grep -E ": (ok|FAILED)" "$F/run.txt"
grep -E "tests passed|Failed|FAIL" "$F/tests.log" | head
x() { grep -E "^  .*level" "$1" | sed -E 's/^ +([^ ]+) level ([0-9]+) +(.*[^ ]) +tile ([0-9.]+) ms, cusparse ([0-9.]+) ms/\1 \3|\4|\5/'; }
echo "problem op | new1 | new2 | old1 | old2 | cusparse(new1) | cusparse(old1)"
paste -d'|' <(x $F/new1.log | cut -d'|' -f1,2) <(x $F/new2.log | cut -d'|' -f2) <(x $F/old1.log | cut -d'|' -f2) <(x $F/old2.log | cut -d'|' -f2) <(x $F/new1.log | cut -d'|' -f3) <(x $F/old1.log | cut -d'|' -f3) | grep -v sym
for v in new1 new2 old1 old2; do echo "== steps $v"; sed -n '/per-step/,$p' "$F/$v.log" | grep -E " 0 A\^2 "; done
