/* The scan that sizes C from its candidates' counts, in one kernel that
 * also leaves the totals in the host-mapped mailbox (CPU reference: the
 * prefix sums of tile_symbolic.c). It replaces a memset, CUB's two scan
 * kernels and a copy where the symbolic or one-pass kernel could not scan
 * its own counts: in run 255's trace, 13.3-19.5 us went from that
 * kernel's end to the copy's, for a few us of work.
 *
 * Layout (last_block_scan.cuh, fused, one unit per block): block b takes
 * candidates [b * CANDS_PER_BLOCK, (b + 1) * CANDS_PER_BLOCK), thread t
 * SCAN_ITEMS consecutive ones of them. local[q] is candidate q's
 * (kept, nnz) prefix within its block; the unit prefixes in scratch are
 * zero, the block prefixes follow them; spgemm_scan_prefix adds the levels.
 * Integer sums in a fixed order: the result does not depend on timing. */
#include <cub/block/block_scan.cuh>

#include "last_block_scan.cuh"
#include "spgemm_device.cuh"

#define SCAN_THREADS 256
#define SCAN_ITEMS 4
#define CANDS_PER_BLOCK (SCAN_THREADS * SCAN_ITEMS)

static __device__ unsigned candidate_scan_ticket; /* last_block_scan.cuh */

static __global__ void __launch_bounds__(SCAN_THREADS)
    candidate_scan_kernel(int64_t num_cand, const int32_t *cand_nnz, fmt_tile_count *local,
                          fmt_tile_count *scratch, fmt_tile_count *total) {
  typedef cub::BlockScan<fmt_tile_count, SCAN_THREADS> scan_t;
  __shared__ typename scan_t::TempStorage temp;
  __shared__ fmt_tile_count block_total;
  const fmt_tile_count zero = {0, 0};
  fmt_tile_count_sum sum;
  int64_t first = (int64_t)blockIdx.x * CANDS_PER_BLOCK + (int64_t)threadIdx.x * SCAN_ITEMS;
  fmt_tile_count item[SCAN_ITEMS], mine = zero;
#pragma unroll
  for (int k = 0; k < SCAN_ITEMS; k++) {
    int32_t nnz = first + k < num_cand ? cand_nnz[first + k] : 0;
    item[k] = fmt_tile_count{nnz > 0 ? 1 : 0, nnz};
    mine = sum(mine, item[k]);
  }
  fmt_tile_count before, all;
  scan_t(temp).ExclusiveScan(mine, before, zero, sum, all);
#pragma unroll
  for (int k = 0; k < SCAN_ITEMS; k++) {
    if (first + k < num_cand)
      local[first + k] = before;
    before = sum(before, item[k]);
  }
  if (threadIdx.x == 0)
    block_total = all;
  spgemm_scan_units<SCAN_THREADS>(1, &block_total, scratch, total, &candidate_scan_ticket, zero, sum);
}

spgemm_scan_layout spgemm_candidate_scan_layout(int64_t num_cand) {
  return spgemm_scan_layout{num_cand > 0, 1, CANDS_PER_BLOCK, (num_cand + CANDS_PER_BLOCK - 1) / CANDS_PER_BLOCK};
}

amg_status spgemm_candidate_scan_device(int64_t num_cand, const int32_t *cand_nnz, spgemm_scan_layout l,
                                        fmt_tile_count *prefix, fmt_tile_count *total) {
  if (num_cand <= 0)
    return AMG_OK;
  if (l.blocks > INT32_MAX)
    return amg_error(AMG_ERR_OVERFLOW, "spgemm: %lld candidates are too many for one scan",
                     (long long)num_cand);
  candidate_scan_kernel<<<(unsigned)l.blocks, SCAN_THREADS, 0, fmt_stream()>>>(num_cand, cand_nnz, prefix,
                                                                                prefix + num_cand, total);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

FMT_DEVICE_MODULE(candidate_scan_kernel);
