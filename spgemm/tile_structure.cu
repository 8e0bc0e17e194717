/* Step 1 on the GPU (CPU reference: tile_structure.c): C's candidate tile
 * structure, the symbolic product of the tile layouts.
 *
 * One warp per tile row i of A. The candidate columns are the union of B's
 * tile rows k over A's tiles (i, k). The warp first finds their range
 * [lo, hi] from the first and last column of each B row, then sets bits in a
 * shared-memory bitmap of STRUCT_BITMAP_BITS columns (several windows when
 * the range is wider). Reading the bitmap word by word yields the columns
 * already sorted: the count pass stores popcounts, the fill pass writes the
 * columns at offsets from a warp scan. Integer atomicOr only, so the result
 * does not depend on timing. */
#include "spgemm_device.cuh"

#define STRUCT_BITMAP_BITS 8192
#define STRUCT_WORDS (STRUCT_BITMAP_BITS / 32)
#define STRUCT_WARPS 8 /* warps per block */

template <bool FILL>
static __global__ void __launch_bounds__(STRUCT_WARPS * 32)
    structure_kernel(int32_t tile_m, const int64_t *a_tile_ptr, const int32_t *a_tile_col,
                     const int64_t *b_tile_ptr, const int32_t *b_tile_col, int64_t *cand_ptr,
                     int32_t *cand_col, int32_t *cand_row) {
  __shared__ uint32_t bitmap_all[STRUCT_WARPS][STRUCT_WORDS];
  int32_t i = (int32_t)(((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5);
  if (i >= tile_m)
    return; /* whole warp */
  uint32_t *bitmap = bitmap_all[threadIdx.x >> 5];
  int lane = threadIdx.x & 31;
  int64_t a_lo = a_tile_ptr[i], a_hi = a_tile_ptr[i + 1];
  int32_t lo = INT32_MAX, hi = -1;
  for (int64_t ta = a_lo + lane; ta < a_hi; ta += 32) {
    int32_t k = a_tile_col[ta];
    int64_t b0 = b_tile_ptr[k], b1 = b_tile_ptr[k + 1];
    if (b1 > b0) {
      lo = min(lo, b_tile_col[b0]);
      hi = max(hi, b_tile_col[b1 - 1]);
    }
  }
  lo = __reduce_min_sync(0xFFFFFFFFu, lo);
  hi = __reduce_max_sync(0xFFFFFFFFu, hi);
  int64_t out = FILL ? cand_ptr[i] : 0, count = 0;
  for (int64_t w0 = lo; w0 <= hi; w0 += STRUCT_BITMAP_BITS) {
    int64_t span = min((int64_t)STRUCT_BITMAP_BITS, (int64_t)hi - w0 + 1);
    int words = (int)((span + 31) / 32);
    for (int w = lane; w < words; w += 32)
      bitmap[w] = 0;
    __syncwarp();
    for (int64_t ta = a_lo + lane; ta < a_hi; ta += 32) {
      int32_t k = a_tile_col[ta];
      int64_t b1 = b_tile_ptr[k + 1];
      for (int64_t tb = fmt_lower_bound(b_tile_col, b_tile_ptr[k], b1, (int32_t)w0); tb < b1; tb++) {
        int64_t bit = b_tile_col[tb] - w0;
        if (bit >= STRUCT_BITMAP_BITS)
          break;
        atomicOr(&bitmap[bit >> 5], 1u << (bit & 31));
      }
    }
    __syncwarp();
    for (int wbase = 0; wbase < words; wbase += 32) {
      uint32_t word = wbase + lane < words ? bitmap[wbase + lane] : 0u;
      int bits = __popc(word), incl = bits;
      for (int d = 1; d < 32; d <<= 1) {
        int up = __shfl_up_sync(0xFFFFFFFFu, incl, d);
        if (lane >= d)
          incl += up;
      }
      if (FILL) {
        int64_t pos = out + incl - bits;
        for (; word; word &= word - 1, pos++) {
          cand_col[pos] = (int32_t)(w0 + (int64_t)(wbase + lane) * 32 + __ffs(word) - 1);
          cand_row[pos] = i;
        }
      }
      int total = __shfl_sync(0xFFFFFFFFu, incl, 31);
      out += total;
      count += total;
    }
    __syncwarp();
  }
  if (!FILL && lane == 0)
    cand_ptr[i + 1] = count;
}

amg_status spgemm_structure_device(const fmt_tile *a, const fmt_tile *b, int64_t *cand_ptr,
                                   int64_t *num_cand) {
  amg_status s = AMG_OK;
  int32_t tile_m = a->tile_m;
  int64_t *counts = cand_ptr + 1;
  AMG_CUDA_TRY(cudaMemsetAsync(cand_ptr, 0, sizeof(int64_t), fmt_stream()));
  *num_cand = 0;
  if (tile_m == 0)
    return AMG_OK;
  structure_kernel<false><<<fmt_blocks(tile_m, 32, STRUCT_WARPS * 32), STRUCT_WARPS * 32, 0,
                            fmt_stream()>>>(tile_m, a->tile_ptr, a->tile_col, b->tile_ptr,
                                            b->tile_col, cand_ptr, NULL, NULL);
  AMG_CUDA_TRY(cudaGetLastError());
  s = fmt_cub(
      [&](void *tmp, size_t &bytes) {
        return cub::DeviceScan::InclusiveSum(tmp, bytes, counts, counts, tile_m, fmt_stream());
      },
      "cub::DeviceScan::InclusiveSum(candidate tiles)");
  if (s != AMG_OK)
    return s;
  return fmt_copy(num_cand, FMT_HOST, cand_ptr + tile_m, FMT_DEVICE, sizeof *num_cand);
}

amg_status spgemm_structure_fill_device(const fmt_tile *a, const fmt_tile *b, const int64_t *cand_ptr,
                                        int32_t *cand_col, int32_t *cand_row) {
  if (a->tile_m == 0)
    return AMG_OK;
  structure_kernel<true><<<fmt_blocks(a->tile_m, 32, STRUCT_WARPS * 32), STRUCT_WARPS * 32, 0,
                           fmt_stream()>>>(a->tile_m, a->tile_ptr, a->tile_col, b->tile_ptr,
                                           b->tile_col, (int64_t *)cand_ptr, cand_col, cand_row);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}
