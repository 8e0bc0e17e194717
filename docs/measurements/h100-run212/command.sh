#!/usr/bin/env bash
# Run 212: where the one-pass kernel's time goes (HEAD ffe900b, -lineinfo): ncu WarpStateStats,
# SchedulerStats, InstructionStats and SourceCounters of one_pass_kernel on the model's 3D 7-point
# level-0 P^T*(AP), and of rows_kernel on 3D 27-point level-0 A*P; SASS listing with stall samples.
cd "$(dirname "$0")/../../.."  # (was gpu_in/run212.sh, run from the repository root)
# The sass_*.txt listings were made afterwards, on the workstation, from the two sass_*.csv.gz files
# (not kept) by sass_compact.py: python3 sass_compact.py sass_onepass_3d7.csv.gz "<title>".
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
t0=$SECONDS
(cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_FLAGS=-lineinfo > /dev/null && cmake --build build-gpu -j 16 --target spgemm_bench) > "$F/build.log" 2>&1 || { tail -20 "$F/build.log"; exit 1; }
echo "build $((SECONDS - t0)) s"
B=build-gpu/apps/spgemm_bench
sass() { # problem op kernel-regex tag
  timeout 200 ncu --profile-from-start off --section WarpStateStats --section SchedulerStats --section InstructionStats \
    --section SourceCounters --section LaunchStats --section Occupancy -k regex:"$3" -f -o /tmp/$4 \
    $B --problem $1 --levels 1 --reps 3 --ncu-op "$2" > /tmp/$4.log 2>&1
  ncu -i /tmp/$4.ncu-rep --page details --csv > "$F/details_$4.csv" 2>&1
  ncu -i /tmp/$4.ncu-rep --page source --csv --print-source sass > /tmp/sass_$4.csv 2>&1
  gzip -c /tmp/sass_$4.csv > "$F/sass_$4.csv.gz"
  echo "$4 $((SECONDS - t0)) s"
}
sass 3d7 'P^T*(AP)' one_pass_kernel onepass_3d7
sass 3d27 'A*P' 'rows_kernel' rows_3d27
ls -la "$F"
for t in onepass_3d7 rows_3d27; do echo "== $t"; grep -E "Issue Slots Busy|Issued Warp Per Scheduler|No Eligible|Active Warps Per Scheduler|Eligible Warps|Warp Cycles Per Issued|Avg. Active Threads|Avg. Not Predicated|Executed Instructions\"|Achieved Occupancy|Theoretical Occupancy|Duration|Registers Per" "$F/details_$t.csv" | awk -F'","' '{print $5" | "$(NF-2)" | "$NF}' | cut -c1-150 | head -60; done
