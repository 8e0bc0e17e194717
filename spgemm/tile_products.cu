/* Intermediate products of A*B on the GPU (CPU reference:
 * spgemm_tile_products in tile_reference.c): nnz of each row of B from its
 * row masks, then a thread per row of each tile of A sums them over that
 * row's entries.
 * Integer atomics only, so the count is exact. */
#include "device_util.cuh"
#include "spgemm.h"

static __global__ void row_nnz_kernel(int32_t m, const int64_t *tile_ptr, const uint16_t *mask,
                                      int32_t *row_nnz) {
  int32_t i = (int32_t)((int64_t)blockIdx.x * blockDim.x + threadIdx.x);
  if (i < m)
    row_nnz[i] = fmt_tile_row_nnz(tile_ptr, mask, i);
}

/* Thread g = 16 t + r takes row r of A's tile t, so a long row of A (one of
 * P^T's) spreads over many threads. */
static __global__ void products_kernel(int64_t num_tiles, const int32_t *tile_col, const uint16_t *mask,
                                       const int32_t *b_row_nnz, unsigned long long *total) {
  int64_t g = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; /* = 16 tile + row */
  unsigned long long sum = 0;
  if (g < FMT_TILE * num_tiles) {
    const int32_t *row_nnz = b_row_nnz + (int64_t)tile_col[g / FMT_TILE] * FMT_TILE;
    for (unsigned bits = mask[g]; bits; bits &= bits - 1)
      sum += row_nnz[__ffs(bits) - 1];
  }
  for (int d = 16; d > 0; d >>= 1)
    sum += __shfl_down_sync(0xFFFFFFFFu, sum, d);
  if ((threadIdx.x & 31) == 0 && sum)
    atomicAdd(total, sum);
}

extern "C" amg_status spgemm_tile_products_device(const fmt_tile *a, const fmt_tile *b, int64_t *products) {
  *products = 0;
  if (!a || !b || a->loc != FMT_DEVICE || b->loc != FMT_DEVICE || a->n != b->m)
    return amg_error(AMG_ERR_ARG, "spgemm_tile_products_device: need conforming device matrices");
  int32_t *row_nnz = NULL;
  unsigned long long *total = NULL, host_total = 0;
  amg_status s = AMG_OK;
  AMG_TRY_GOTO(fmt_device_alloc((void **)&row_nnz, ((size_t)b->m + 1) * sizeof *row_nnz), s, done);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&total, sizeof *total), s, done);
  AMG_CUDA_GOTO(cudaMemsetAsync(total, 0, sizeof *total, fmt_stream()), s, done);
  if (b->m > 0) {
    row_nnz_kernel<<<fmt_blocks(b->m, 1, 256), 256, 0, fmt_stream()>>>(b->m, b->tile_ptr, b->mask, row_nnz);
    AMG_LAUNCH_GOTO(s, done);
  }
  if (a->num_tiles > 0) {
    products_kernel<<<fmt_blocks(a->num_tiles, FMT_TILE, 256), 256, 0, fmt_stream()>>>(
        a->num_tiles, a->tile_col, a->mask, row_nnz, total);
    AMG_LAUNCH_GOTO(s, done);
  }
  AMG_TRY_GOTO(fmt_copy(&host_total, FMT_HOST, total, FMT_DEVICE, sizeof host_total), s, done);
  *products = (int64_t)host_total;
done:
  fmt_device_free(row_nnz);
  fmt_device_free(total);
  return s;
}
