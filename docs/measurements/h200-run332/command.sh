#!/usr/bin/env bash
# Run 332 (branch next/half, an experiment): the symmetric Galerkin product as
# C = Z + Z^T, Z = P^T (A' P), A' = tril(A,-1) + diag(A)/2. Times A'*P,
# P^T*(A'P) and the transpose of Z with the existing kernels (the add is not
# built yet), next to the general and symmetric orders, same run.
[ -d /opt/deps/usr ] || { mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; }
export CMAKE_PREFIX_PATH=/opt/deps/usr
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > "$OUT/build.log" 2>&1 &&
  cmake --build build-gpu -j 16 --target spgemm_bench >> "$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; }
for round in 1 2; do
  SPGEMM_BENCH_HALF=1 build-gpu/apps/spgemm_bench --problem 3d7 --problem 2d5 --levels 1 > "$OUT/bench$round.log" 2>&1
done
SPGEMM_BENCH_HALF=1 build-gpu/apps/spgemm_bench --hierarchy --problem 3d7 --problem 2d5 --levels 1 > "$OUT/hierarchy.log" 2>&1
grep -E "order|A'\*P|P\^T\*\(A'P\)|Z\^T|  A\*P  |P\^T\*\(AP\)" "$OUT"/bench*.log "$OUT/hierarchy.log" | grep -v "^.*level [1-9]" | cut -c1-160
