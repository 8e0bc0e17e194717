#!/usr/bin/env bash
# Run 318: the README's test command itself on the GPU machine (scripts/test.sh:
# a fresh build in build/, then ctest -j $(nproc) = 16), with test_gpu_api_edges
# now RUN_SERIAL; then the suite twice more on that build, to look for flakes.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
t0=$SECONDS
mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done
export CMAKE_PREFIX_PATH=/opt/deps/usr
scripts/test.sh > "$OUT/test_sh.log" 2>&1; echo "scripts/test.sh rc=$? ($((SECONDS - t0)) s)"
grep -E "tests passed|\(Failed\)|Skipped" "$OUT/test_sh.log"
for k in 2 3; do
  ctest --test-dir build -j "$(nproc)" --output-on-failure > "$OUT/again$k.log" 2>&1; echo "ctest -j again rc=$?"
  grep -E "tests passed|\(Failed\)" "$OUT/again$k.log"
done
echo "all done $((SECONDS - t0)) s"
