/* C = A^T for a device tile matrix (CPU reference: tile_transpose.c).
 * A's tile-column order gives C's tile order and tile_ptr; tile offsets are
 * a scan of the permuted tile sizes; then one half-warp per tile transposes
 * its masks (16 shuffles), scans the popcounts into row_ptr and scatters the
 * entries. Sizes are known up front: no host sync. */
#include <cub/device/device_scan.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "device_util.cuh"
#include "fmt_internal.h"

static __global__ void transpose_tiles_kernel(int64_t nt, const int64_t *perm,
                                              const int64_t *a_tile_nnz, const uint16_t *a_mask,
                                              const uint8_t *a_idx, const double *a_val,
                                              const int64_t *c_tile_nnz, uint16_t *c_mask,
                                              uint8_t *c_row_ptr, uint8_t *c_idx, double *c_val) {
  int64_t u = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 4;
  if (u >= nt)
    return; /* the whole half-warp shares u */
  unsigned hmask = fmt_half_warp_mask();
  int lane = threadIdx.x & 15;
  int64_t t = perm[u];
  unsigned row_mask = a_mask[FMT_TILE * t + lane];
  unsigned col_mask = 0; /* row `lane` of C = column `lane` of A */
  for (int r = 0; r < FMT_TILE; r++)
    col_mask |= ((__shfl_sync(hmask, row_mask, r, 16) >> lane) & 1u) << r;
  int total;
  int start = fmt_half_warp_exclusive_sum(__popc(col_mask), &total);
  c_mask[FMT_TILE * u + lane] = (uint16_t)col_mask;
  c_row_ptr[FMT_TILE * u + lane] = (uint8_t)start;
  int64_t src = a_tile_nnz[t], dst = c_tile_nnz[u];
  for (int base = 0; base < total; base += 16) {
    int k = base + lane;
    int idx = k < total ? a_idx[src + k] : 0;
    int r = idx >> 4, c = idx & 15;
    unsigned mask_c = __shfl_sync(hmask, col_mask, c, 16);
    int start_c = __shfl_sync(hmask, start, c, 16);
    if (k < total) {
      int64_t pos = dst + start_c + __popc(mask_c & ((1u << r) - 1u));
      c_idx[pos] = (uint8_t)((c << 4) | r);
      c_val[pos] = a_val[src + k];
    }
  }
}

extern "C" amg_status fmt_tile_transpose_device(const fmt_tile *a, fmt_tile **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "tile_transpose_device: dev_at is NULL");
  *out = NULL;
  if (!a)
    return amg_error(AMG_ERR_ARG, "tile_transpose_device: dev_a is NULL");
  if (a->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "tile_transpose_device: need a device matrix");
  int64_t nt = a->num_tiles;
  fmt_tile *c = NULL;
  fmt_tile_columns *order = NULL;
  amg_status s = fmt_tile_columns_create_device(a, &order);
  if (s == AMG_OK)
    s = fmt_tile_create(a->n, a->m, nt, a->nnz, FMT_DEVICE, &c);
  if (s != AMG_OK)
    goto done;
  AMG_CUDA_GOTO(cudaMemcpyAsync(c->tile_ptr, order->col_ptr, ((size_t)c->tile_m + 1) * sizeof(int64_t),
                                cudaMemcpyDeviceToDevice, fmt_stream()),
                s, done);
  AMG_CUDA_GOTO(cudaMemcpyAsync(c->tile_col, order->row, (size_t)nt * sizeof(int32_t),
                                cudaMemcpyDeviceToDevice, fmt_stream()),
                s, done);
  AMG_CUDA_GOTO(cudaMemsetAsync(c->tile_nnz, 0, sizeof(int64_t), fmt_stream()), s, done);
  if (nt > 0) {
    auto sizes = thrust::make_transform_iterator(thrust::counting_iterator<int64_t>(0),
                                                 fmt_permuted_tile_size{a->tile_nnz, order->tile});
    int64_t *offsets = c->tile_nnz + 1;
    s = fmt_cub(
        [&](void *tmp, size_t &bytes) {
          return cub::DeviceScan::InclusiveSum(tmp, bytes, sizes, offsets, nt, fmt_stream());
        },
        "cub::DeviceScan::InclusiveSum(transposed tile sizes)");
    if (s != AMG_OK)
      goto done;
    transpose_tiles_kernel<<<fmt_blocks(nt, 16, 256), 256, 0, fmt_stream()>>>(
        nt, order->tile, a->tile_nnz, a->mask, a->idx, a->val, c->tile_nnz, c->mask, c->row_ptr,
        c->idx, c->val);
    AMG_LAUNCH_GOTO(s, done);
  }
done:
  fmt_tile_columns_destroy(order);
  if (s == AMG_OK)
    *out = c;
  else
    fmt_tile_destroy(c);
  return s;
}

FMT_DEVICE_MODULE(transpose_tiles_kernel);
