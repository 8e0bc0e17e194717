/* A device matrix's tiles in tile-column order (see tile_columns.c): a stable
 * radix sort of tile indices by tile column, so each column stays in
 * increasing tile row; col_ptr comes from the sorted keys. No host sync.
 * Up to SMALL_TILES tiles, one block sorts in shared memory in a single
 * launch (coarse levels are latency-bound); beyond, CUB's device sort.
 * From the transpose: one launch, a binary search per tile (by a group of
 * lanes per tile row of the transpose where those rows are short). */
#include <cub/block/block_radix_sort.cuh>
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

#define SMALL_THREADS 256
#define SMALL_ITEMS 16
#define SMALL_TILES (SMALL_THREADS * SMALL_ITEMS)

static __global__ void __launch_bounds__(SMALL_THREADS)
    small_sort_kernel(const int32_t *tile_col, int64_t nt, int32_t tile_n, int bits,
                      const int64_t *tile_ptr, int32_t tile_m, int64_t *col_ptr, int64_t *tile,
                      int32_t *row) {
  typedef cub::BlockRadixSort<int32_t, SMALL_THREADS, SMALL_ITEMS, int32_t> sort_t;
  __shared__ typename sort_t::TempStorage temp;
  __shared__ int32_t sorted[SMALL_TILES];
  int32_t keys[SMALL_ITEMS], vals[SMALL_ITEMS];
  for (int i = 0; i < SMALL_ITEMS; i++) {
    int32_t u = threadIdx.x * SMALL_ITEMS + i;
    keys[i] = u < nt ? tile_col[u] : tile_n; /* padding sorts last */
    vals[i] = u;
  }
  sort_t(temp).Sort(keys, vals, 0, bits);
  for (int i = 0; i < SMALL_ITEMS; i++) {
    int32_t u = threadIdx.x * SMALL_ITEMS + i;
    if (u < nt) {
      sorted[u] = keys[i];
      tile[u] = vals[i];
      row[u] = fmt_tile_row_of(tile_ptr, tile_m, vals[i]);
    }
  }
  __syncthreads();
  for (int64_t u = threadIdx.x; u <= nt; u += SMALL_THREADS)
    fmt_ptr_from_sorted(sorted, nt, tile_n, col_ptr, u);
}

extern "C" amg_status fmt_tile_columns_create_device(const fmt_tile *a, fmt_tile_columns **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "tile_columns_create_device: out is NULL");
  *out = NULL;
  if (!a)
    return amg_error(AMG_ERR_ARG, "tile_columns_create_device: dev_a is NULL");
  if (a->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "tile_columns_create_device: need a device matrix");
  int64_t nt = a->num_tiles;
  fmt_tile_columns *bc = NULL;
  int32_t *sorted_cols = NULL;
  int64_t *iota = NULL;
  amg_status s = fmt_tile_columns_alloc(a->tile_n, nt, FMT_DEVICE, &bc);
  if (s != AMG_OK)
    goto done;
  if (nt > 0 && nt <= SMALL_TILES) {
    small_sort_kernel<<<1, SMALL_THREADS, 0, fmt_stream()>>>(a->tile_col, nt, a->tile_n,
                                                            fmt_key_bits((int64_t)a->tile_n + 1),
                                                            a->tile_ptr, a->tile_m, bc->col_ptr,
                                                            bc->tile, bc->row);
    AMG_LAUNCH_GOTO(s, done);
    goto done;
  }
  AMG_TRY_GOTO(fmt_device_alloc((void **)&sorted_cols, (size_t)nt * sizeof *sorted_cols), s, done);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&iota, (size_t)nt * sizeof *iota), s, done);
  if (nt > 0) {
    iota_kernel<<<fmt_blocks(nt, 1, 256), 256, 0, fmt_stream()>>>(iota, nt);
    AMG_LAUNCH_GOTO(s, done);
    int bits = fmt_key_bits(a->tile_n);
    const int32_t *cols = a->tile_col;
    int64_t *tile = bc->tile;
    AMG_TRY_GOTO(fmt_cub(
                     [&](void *tmp, size_t &bytes) {
                       return cub::DeviceRadixSort::SortPairs(tmp, bytes, cols, sorted_cols, iota,
                                                              tile, nt, 0, bits, fmt_stream());
                     },
                     "cub::DeviceRadixSort::SortPairs(tile columns)"),
                 s, done);
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

/* Thread u <= tile_n copies at's tile_ptr[u]; thread u < nt takes at's tile u,
 * in a's tile column j = at's tile row of u, and finds it in a's tile row. */
static __global__ void from_transpose_kernel(int64_t nt, int32_t tile_n, const int64_t *at_ptr,
                                             const int32_t *at_col, const int64_t *a_ptr, const int32_t *a_col,
                                             int64_t *col_ptr, int32_t *row, int64_t *tile) {
  int64_t u = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (u <= tile_n)
    col_ptr[u] = at_ptr[u];
  if (u >= nt)
    return;
  int32_t j = fmt_tile_row_of(at_ptr, tile_n, u), i = at_col[u];
  row[u] = i;
  tile[u] = fmt_lower_bound(a_col, a_ptr[i], a_ptr[i + 1], j);
}

/* The same with a group of ROW_GROUP lanes per tile row j of at, which
 * saves each tile the search of at's tile_ptr for j (16 dependent loads at
 * level 0); thread g <= tile_n copies tile_ptr[g]. Where at's rows average
 * over FROM_TRANSPOSE_SHORT_ROW tiles, a thread per tile was faster (run
 * 246: 3D 7-point (P^T A)*P, 18 against 12 us with a warp per row). */
#define ROW_GROUP 8
#define FROM_TRANSPOSE_SHORT_ROW 16
static __global__ void from_transpose_rows_kernel(int32_t tile_n, const int64_t *at_ptr, const int32_t *at_col,
                                                  const int64_t *a_ptr, const int32_t *a_col, int64_t *col_ptr,
                                                  int32_t *row, int64_t *tile) {
  int64_t g = (int64_t)blockIdx.x * blockDim.x + threadIdx.x, j = g / ROW_GROUP;
  if (g <= tile_n)
    col_ptr[g] = at_ptr[g];
  if (j >= tile_n)
    return;
  for (int64_t u = at_ptr[j] + g % ROW_GROUP, end = at_ptr[j + 1]; u < end; u += ROW_GROUP) {
    int32_t i = at_col[u];
    row[u] = i;
    tile[u] = fmt_lower_bound(a_col, a_ptr[i], a_ptr[i + 1], (int32_t)j);
  }
}

extern "C" amg_status fmt_tile_columns_from_transpose_device(const fmt_tile *a, const fmt_tile *at,
                                                             fmt_tile_columns **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "tile_columns_from_transpose_device: out is NULL");
  *out = NULL;
  if (!a || !at)
    return amg_error(AMG_ERR_ARG, "tile_columns_from_transpose_device: %s is NULL", a ? "at" : "a");
  fmt_tile_columns *bc = NULL;
  amg_status s = fmt_tile_columns_alloc(a->tile_n, a->num_tiles, FMT_DEVICE, &bc);
  if (s != AMG_OK)
    return s;
  if (a->num_tiles <= (int64_t)FROM_TRANSPOSE_SHORT_ROW * a->tile_n) {
    int64_t threads = (int64_t)a->tile_n * ROW_GROUP + 1;
    from_transpose_rows_kernel<<<fmt_blocks(threads, 1, 256), 256, 0, fmt_stream()>>>(
        a->tile_n, at->tile_ptr, at->tile_col, a->tile_ptr, a->tile_col, bc->col_ptr, bc->row, bc->tile);
  } else {
    int64_t threads = a->num_tiles > a->tile_n ? a->num_tiles : (int64_t)a->tile_n + 1;
    from_transpose_kernel<<<fmt_blocks(threads, 1, 256), 256, 0, fmt_stream()>>>(
        a->num_tiles, a->tile_n, at->tile_ptr, at->tile_col, a->tile_ptr, a->tile_col, bc->col_ptr, bc->row,
        bc->tile);
  }
  AMG_LAUNCH_GOTO(s, done);
done:
  if (s == AMG_OK)
    *out = bc;
  else
    fmt_tile_columns_destroy(bc);
  return s;
}

FMT_DEVICE_MODULE(iota_kernel);
