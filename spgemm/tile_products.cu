/* Intermediate products of A*B on the GPU (CPU reference:
 * spgemm_tile_products in tile_reference.c): nnz of each row of B from its
 * row masks, then a thread per row of each tile of A sums them over that
 * row's entries, and each block adds its sum to the total.
 * Integer atomics only, so the count is exact. */
#include "device_util.cuh"
#include "spgemm.h"

static __global__ void row_nnz_kernel(int32_t m, const int64_t *tile_ptr, const uint16_t *mask,
                                      int32_t *row_nnz) {
  int32_t i = (int32_t)((int64_t)blockIdx.x * blockDim.x + threadIdx.x);
  if (i < m)
    row_nnz[i] = fmt_tile_row_nnz(tile_ptr, mask, i);
}

#define PRODUCTS_THREADS 256
#define PRODUCTS_MAX_BLOCKS 1024 /* one atomic per block: 0.78 ms for level 0's count with one per warp (run 87) */

/* Thread g = 16 t + r takes row r of A's tile t (and every gridDim.x *
 * PRODUCTS_THREADS-th after it), so a long row of A (one of P^T's) spreads
 * over many threads; the block's sum goes into *total in one atomic. */
static __global__ void __launch_bounds__(PRODUCTS_THREADS)
    products_kernel(int64_t num_tiles, const int32_t *tile_col, const uint16_t *mask, const int32_t *b_row_nnz,
                    unsigned long long *total) {
  __shared__ unsigned long long warp_sum[PRODUCTS_THREADS / 32];
  unsigned long long sum = 0;
  for (int64_t g = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; g < FMT_TILE * num_tiles;
       g += (int64_t)gridDim.x * blockDim.x) {
    const int32_t *row_nnz = b_row_nnz + (int64_t)tile_col[g / FMT_TILE] * FMT_TILE;
    for (unsigned bits = mask[g]; bits; bits &= bits - 1)
      sum += row_nnz[__ffs(bits) - 1];
  }
  for (int d = 16; d > 0; d >>= 1)
    sum += __shfl_down_sync(0xFFFFFFFFu, sum, d);
  if ((threadIdx.x & 31) == 0)
    warp_sum[threadIdx.x / 32] = sum;
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int w = 1; w < PRODUCTS_THREADS / 32; w++)
      sum += warp_sum[w];
    if (sum)
      atomicAdd(total, sum);
  }
}

extern "C" amg_status spgemm_tile_products_device(const fmt_tile *a, const fmt_tile *b, int64_t *products) {
  if (!products)
    return amg_error(AMG_ERR_ARG, "spgemm_tile_products_device: products is NULL");
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
    unsigned blocks = fmt_blocks(a->num_tiles, FMT_TILE, PRODUCTS_THREADS);
    products_kernel<<<blocks < PRODUCTS_MAX_BLOCKS ? blocks : PRODUCTS_MAX_BLOCKS, PRODUCTS_THREADS, 0,
                      fmt_stream()>>>(a->num_tiles, a->tile_col, a->mask, row_nnz, total);
    AMG_LAUNCH_GOTO(s, done);
  }
  AMG_TRY_GOTO(fmt_copy(&host_total, FMT_HOST, total, FMT_DEVICE, sizeof host_total), s, done);
  *products = (int64_t)host_total;
done:
  fmt_device_free(row_nnz);
  fmt_device_free(total);
  return s;
}

FMT_DEVICE_MODULE(row_nnz_kernel);
