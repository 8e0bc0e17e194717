#!/usr/bin/env bash
# Run 268: amg_solve setup medians, branch next/layout-in-numeric (run 267's code) against main (old,
# gpu_in/old, 069546c), three rounds alternating on the four configs (--repeat 10): runs 266-267 had
# the 3D setups 0.35-0.77 ms slower in single processes, with stages the branch does not touch slower too.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
(cmake -S gpu_in/old -B build-old -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-old -j 8 --target amg_solve > /tmp/build_old.log 2>&1) &
(cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 8 --target amg_solve > /tmp/build_new.log 2>&1) &
wait; echo "builds $((SECONDS - t0)) s"
for r in 1 2 3; do for c in poisson2d_5pt poisson2d_9pt poisson3d_7pt poisson3d_27pt; do
  for v in $([ $r = 2 ] && echo old gpu || echo gpu old); do
    echo "=== $v $c $r"; timeout 60 build-$v/apps/amg_solve --config configs/$c.cfg --repeat 10
  done
done; done > "$F/solve.log" 2>&1
echo "runs done $((SECONDS - t0)) s"
awk '/^=== /{k=$2" "$3} /setup  +median/{print k, $3}' "$F/solve.log" | sort -k2,2 -k1,1 | awk '{a[$2" "$1]=a[$2" "$1]" "$3} END{for (k in a) print k, a[k]}' | sort
