#!/usr/bin/env bash
# Run 302: ncu of step 3 on the model's 3D 7-point level-0 A*P: the product kernel (next/flat, --flat on)
# against the numeric pair kernel (--flat off); the metrics of run 272.
[ -d spgemm ] || cd "$(dirname "$0")/../../.."
set -uo pipefail
F=$OUT
if [ -d .deps ] && [ ! -d /opt/deps/usr ]; then mkdir -p /opt/deps && for f in .deps/*.deb; do dpkg -x "$f" /opt/deps; done; fi
export CMAKE_PREFIX_PATH=/opt/deps/usr
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null && cmake --build build-gpu -j 16 --target spgemm_bench > /tmp/build.log 2>&1; echo "build rc=$?"
M="sm__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,smsp__inst_executed.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__thread_inst_executed_per_inst_executed.ratio,l1tex__t_sector_hit_rate.pct,lts__t_sector_hit_rate.pct,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,dram__bytes_read.sum,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_short_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_wait.ratio,smsp__average_warp_latency_issue_stalled_lg_throttle.ratio,smsp__average_warp_latency_issue_stalled_barrier.ratio,smsp__average_warp_latency_issue_stalled_membar.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio,launch__registers_per_thread,launch__grid_size"
prof() { timeout 150 ncu --profile-from-start off --kernel-name regex:"$1" --metrics "$M" build-gpu/apps/spgemm_bench --problem $2 --levels 1 --reps 1 --ncu-op "$3" --flat $4 2>&1 | grep -vE "^  (2d|3d)|^==PROF==" ; }
{ echo "### 3d7 A*P --flat on"; prof flat_kernel 3d7 'A*P' on
  echo "### 3d7 A*P --flat off"; prof numeric_kernel 3d7 'A*P' off; } > "$F/ncu.txt" 2>&1
grep -E "###|flat_kernel|numeric_kernel|gpu__time|inst_executed.sum|warps_active|issue_active|thread_inst|hit_rate|sectors|long_scoreboard_per|lg_throttle_per|short_scoreboard_per|mio|registers|sm__throughput" "$F/ncu.txt" | cut -c1-150
