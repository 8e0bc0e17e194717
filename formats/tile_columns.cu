/* A device matrix's tiles in tile-column order (see tile_columns.c): a stable
 * radix sort of tile indices by tile column, so each column stays in
 * increasing tile row; col_ptr comes from the sorted keys. No host sync. */
#include <cub/device/device_radix_sort.cuh>

#include "device_util.cuh"
#include "fmt_internal.h"

static __global__ void iota_kernel(int64_t *v, int64_t n) {
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = i;
}

static __global__ void finish_kernel(const int32_t *sorted_cols, int64_t nt, int32_t tile_n,
                                     const int64_t *tile_ptr, int32_t tile_m, int64_t *col_ptr,
                                     const int64_t *tile, int32_t *row) {
  int64_t u = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (u > nt)
    return;
  fmt_ptr_from_sorted(sorted_cols, nt, tile_n, col_ptr, u);
  if (u < nt)
    row[u] = fmt_tile_row_of(tile_ptr, tile_m, tile[u]);
}

extern "C" amg_status fmt_tile_columns_create_device(const fmt_tile *a, fmt_tile_columns **out) {
  *out = NULL;
  if (!a || a->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "tile_columns_create_device: need a device matrix");
  int64_t nt = a->num_tiles;
  fmt_tile_columns *bc = NULL;
  int32_t *sorted_cols = NULL;
  int64_t *iota = NULL;
  amg_status s = fmt_tile_columns_alloc(a->tile_n, nt, FMT_DEVICE, &bc);
  if (s == AMG_OK)
    s = fmt_device_alloc((void **)&sorted_cols, (size_t)nt * sizeof *sorted_cols);
  if (s == AMG_OK)
    s = fmt_device_alloc((void **)&iota, (size_t)nt * sizeof *iota);
  if (s != AMG_OK)
    goto done;
  if (nt > 0) {
    iota_kernel<<<fmt_blocks(nt, 1, 256), 256, 0, fmt_stream()>>>(iota, nt);
    AMG_LAUNCH_GOTO(s, done);
    int bits = fmt_key_bits(a->tile_n);
    const int32_t *cols = a->tile_col;
    int64_t *tile = bc->tile;
    s = fmt_cub(
        [&](void *tmp, size_t &bytes) {
          return cub::DeviceRadixSort::SortPairs(tmp, bytes, cols, sorted_cols, iota, tile, nt, 0,
                                                 bits, fmt_stream());
        },
        "cub::DeviceRadixSort::SortPairs(tile columns)");
    if (s != AMG_OK)
      goto done;
  }
  finish_kernel<<<fmt_blocks(nt + 1, 1, 256), 256, 0, fmt_stream()>>>(
      sorted_cols, nt, a->tile_n, a->tile_ptr, a->tile_m, bc->col_ptr, bc->tile, bc->row);
  AMG_LAUNCH_GOTO(s, done);
done:
  fmt_device_free(sorted_cols);
  fmt_device_free(iota);
  if (s == AMG_OK)
    *out = bc;
  else
    fmt_tile_columns_destroy(bc);
  return s;
}
