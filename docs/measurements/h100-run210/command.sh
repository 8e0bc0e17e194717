#!/usr/bin/env bash
# Run 210: racecheck of test_gpu_spgemm on the row kernels only, on run 209's build (the same warm
# machine; run 209's filter was ill-formed: "regex:" is not a compute-sanitizer filter key).
# Code: 7cd735b plus the working tree of run 209 (committed next as the three row-kernel instances).
set -o pipefail; export CMAKE_PREFIX_PATH=/opt/deps/usr; if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi; t0=$SECONDS; if [ ! -x build-gpu/tests/test_gpu_spgemm ]; then cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 16 --target test_gpu_spgemm > /dev/null 2>&1; fi; echo "build $((SECONDS - t0)) s"; AMG_TEST_QUICK=1 timeout 150 compute-sanitizer --tool racecheck --kernel-name kns=rows_kernel --error-exitcode 99 build-gpu/tests/test_gpu_spgemm > $OUT/racecheck.log 2>&1; echo "racecheck rc=$? $((SECONDS - t0)) s"; tail -3 $OUT/racecheck.log
