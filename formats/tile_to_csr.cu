/* Tile -> CSR for a device matrix (CPU reference: tile_to_csr.c). One thread
 * per row counts its entries from the row masks of its tile row, a scan gives
 * row_ptr, and the same thread copies its entries tile by tile. The nnz is
 * known, so no host sync is needed. */
#include <cub/device/device_scan.cuh>

#include "device_util.cuh"
#include "fmt_internal.h"

static __global__ void row_count_kernel(int32_t m, const int64_t *tile_ptr, const uint16_t *mask,
                                        int64_t *row_ptr) {
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0)
    row_ptr[0] = 0;
  if (i < m)
    row_ptr[i + 1] = fmt_tile_row_nnz(tile_ptr, mask, (int32_t)i);
}

static __global__ void row_fill_kernel(int32_t m, const int64_t *tile_ptr, const int32_t *tile_col,
                                       const int64_t *tile_nnz, const uint8_t *t_row_ptr,
                                       const uint16_t *mask, const uint8_t *idx, const double *val,
                                       const int64_t *row_ptr, int32_t *col, double *out_val) {
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= m)
    return;
  int32_t ti = (int32_t)(i / FMT_TILE), r = (int32_t)(i % FMT_TILE);
  int64_t dst = row_ptr[i];
  for (int64_t t = tile_ptr[ti]; t < tile_ptr[ti + 1]; t++) {
    int64_t src = tile_nnz[t] + t_row_ptr[FMT_TILE * t + r];
    int len = __popc(mask[FMT_TILE * t + r]);
    for (int k = 0; k < len; k++, dst++) {
      col[dst] = tile_col[t] * FMT_TILE + (idx[src + k] & 0xF);
      out_val[dst] = val[src + k];
    }
  }
}

extern "C" amg_status fmt_tile_to_csr_device(const fmt_tile *a, fmt_csr **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "tile_to_csr_device: dev_csr is NULL");
  *out = NULL;
  if (!a)
    return amg_error(AMG_ERR_ARG, "tile_to_csr_device: dev_tile is NULL");
  if (a->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "tile_to_csr_device: need a device matrix");
  fmt_csr *c = NULL;
  amg_status s = fmt_csr_create(a->m, a->n, a->nnz, FMT_DEVICE, &c);
  if (s != AMG_OK)
    return s;
  int64_t *counts = c->row_ptr + 1;
  int32_t m = a->m;
  row_count_kernel<<<fmt_blocks(m, 1, 256), 256, 0, fmt_stream()>>>(m, a->tile_ptr, a->mask,
                                                                    c->row_ptr);
  AMG_LAUNCH_GOTO(s, done);
  if (m > 0) {
    s = fmt_cub(
        [&](void *tmp, size_t &bytes) {
          return cub::DeviceScan::InclusiveSum(tmp, bytes, counts, counts, m, fmt_stream());
        },
        "cub::DeviceScan::InclusiveSum(row counts)");
    if (s != AMG_OK)
      goto done;
    row_fill_kernel<<<fmt_blocks(m, 1, 256), 256, 0, fmt_stream()>>>(
        m, a->tile_ptr, a->tile_col, a->tile_nnz, a->row_ptr, a->mask, a->idx, a->val, c->row_ptr,
        c->col, c->val);
    AMG_LAUNCH_GOTO(s, done);
  }
done:
  if (s == AMG_OK)
    *out = c;
  else
    fmt_csr_destroy(c);
  return s;
}

FMT_DEVICE_MODULE(row_count_kernel);
