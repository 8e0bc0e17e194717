/* C = the symmetric matrix whose upper triangle is u's, on the GPU (CPU
 * reference: tile_mirror.c, same tile order; rules in tile_mirror.h).
 * u's tile-column order gives each tile row's transposed tiles; a thread
 * per tile row counts C's tiles and entries, a scan places the rows (the
 * one host sync, to size C), and a half-warp per tile row builds its tiles
 * in order, lane r writing row r of each. */
#include "device_util.cuh"
#include "fmt_internal.h"
#include "tile_mirror.h"

#define MIRROR_BELOW_DIAGONAL (-((int64_t)1 << 40)) /* a row's count when it has a tile below the diagonal */

static __device__ int mirrored_size(const uint16_t *m, int rule) {
  int n = 0;
  for (int r = 0; r < FMT_TILE; r++)
    n += __popc(fmt_mirror_row_mask(m, rule, r));
  return n;
}

static __global__ void count_kernel(int32_t tile_m, const int64_t *tile_ptr, const int32_t *tile_col,
                                    const int64_t *tile_nnz, const uint16_t *mask, const int64_t *col_ptr,
                                    const int32_t *col_row, const int64_t *col_tile, fmt_tile_count *counts) {
  int32_t i = (int32_t)((int64_t)blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= tile_m)
    return;
  fmt_tile_count n = {0, 0};
  int64_t t0 = tile_ptr[i], t1 = tile_ptr[i + 1];
  if (t0 < t1 && tile_col[t0] < i) {
    counts[i] = fmt_tile_count{MIRROR_BELOW_DIAGONAL, 0};
    return;
  }
  for (int64_t v = col_ptr[i]; v < col_ptr[i + 1] && col_row[v] < i; v++) {
    int64_t t = col_tile[v];
    n.tiles++;
    n.nnz += tile_nnz[t + 1] - tile_nnz[t];
  }
  if (t0 < t1 && tile_col[t0] == i) {
    int d = mirrored_size(mask + FMT_TILE * t0, FMT_MIRROR_DIAG);
    n.tiles += d > 0;
    n.nnz += d;
    t0++;
  }
  n.tiles += t1 - t0;
  n.nnz += tile_nnz[t1] - tile_nnz[t0];
  counts[i] = n;
}

/* C's tile *t (entries from *k) from u's tile src by rule, by a half-warp;
 * an empty result (a diagonal tile) is skipped. */
static __device__ void fill_tile(int64_t src, int32_t col, int rule, const int64_t *u_tile_nnz,
                                 const uint16_t *u_mask, const uint8_t *u_row_ptr, const double *u_val,
                                 int64_t *t, int64_t *k, int32_t *c_tile_col, int64_t *c_tile_nnz,
                                 uint16_t *c_mask, uint8_t *c_row_ptr, uint8_t *c_idx, double *c_val) {
  int r = threadIdx.x & 15, total;
  unsigned row = fmt_mirror_row_mask(u_mask + FMT_TILE * src, rule, r);
  int start = fmt_half_warp_exclusive_sum(__popc(row), &total);
  if (total == 0)
    return;
  if (r == 0) {
    c_tile_col[*t] = col;
    c_tile_nnz[*t] = *k;
  }
  c_mask[FMT_TILE * *t + r] = (uint16_t)row;
  c_row_ptr[FMT_TILE * *t + r] = (uint8_t)start;
  for (int64_t q = *k + start; row; row &= row - 1, q++) {
    int c = __ffs(row) - 1, direct = fmt_mirror_direct(rule, r, c);
    c_idx[q] = (uint8_t)((r << 4) | c);
    c_val[q] = u_val[fmt_tile_entry(u_tile_nnz, u_row_ptr, u_mask, src, direct ? r : c, direct ? c : r)];
  }
  ++*t;
  *k += total;
}

static __global__ void fill_kernel(int32_t tile_m, const fmt_tile_count *scan, fmt_tile_count total,
                                   const int64_t *u_tile_ptr, const int32_t *u_tile_col,
                                   const int64_t *u_tile_nnz, const uint16_t *u_mask, const uint8_t *u_row_ptr,
                                   const double *u_val, const int64_t *col_ptr, const int32_t *col_row,
                                   const int64_t *col_tile, int64_t *c_tile_ptr, int32_t *c_tile_col,
                                   int64_t *c_tile_nnz, uint16_t *c_mask, uint8_t *c_row_ptr, uint8_t *c_idx,
                                   double *c_val) {
  int64_t i = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 4;
  if (i > tile_m)
    return; /* the whole half-warp shares i */
  if ((threadIdx.x & 15) == 0)
    c_tile_ptr[i] = scan[i].tiles;
  if (i == tile_m) {
    if ((threadIdx.x & 15) == 0)
      c_tile_nnz[total.tiles] = total.nnz;
    return;
  }
  int64_t t = scan[i].tiles, k = scan[i].nnz;
#define FILL(src, col, rule)                                                                              \
  fill_tile(src, col, rule, u_tile_nnz, u_mask, u_row_ptr, u_val, &t, &k, c_tile_col, c_tile_nnz, c_mask, \
            c_row_ptr, c_idx, c_val)
  for (int64_t v = col_ptr[i]; v < col_ptr[i + 1] && col_row[v] < i; v++)
    FILL(col_tile[v], col_row[v], FMT_MIRROR_LOWER);
  for (int64_t u = u_tile_ptr[i]; u < u_tile_ptr[i + 1]; u++)
    FILL(u, u_tile_col[u], u_tile_col[u] == i ? FMT_MIRROR_DIAG : FMT_MIRROR_UPPER);
#undef FILL
}

extern "C" amg_status fmt_tile_mirror_upper_device(const fmt_tile *u, fmt_tile **out) {
  *out = NULL;
  if (!u || u->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "tile_mirror_upper_device: need a device matrix");
  fmt_tile_columns *cols = NULL;
  fmt_tile_count *scan = NULL, total;
  fmt_tile *c = NULL;
  int32_t tile_m = u->tile_m;
  amg_status s = fmt_tile_mirror_check(u);
  if (s == AMG_OK)
    s = fmt_tile_columns_create_device(u, &cols);
  if (s == AMG_OK)
    s = fmt_device_alloc((void **)&scan, ((size_t)tile_m + 1) * sizeof *scan);
  if (s != AMG_OK)
    goto done;
  if (tile_m > 0) {
    count_kernel<<<fmt_blocks(tile_m, 1, 256), 256, 0, fmt_stream()>>>(
        tile_m, u->tile_ptr, u->tile_col, u->tile_nnz, u->mask, cols->col_ptr, cols->row, cols->tile,
        scan + 1);
    AMG_LAUNCH_GOTO(s, done);
  }
  AMG_TRY_GOTO(fmt_scan_tile_counts(scan + 1, tile_m, scan, &total, "cub::DeviceScan(mirrored tile counts)"),
               s, done);
  if (total.tiles < 0) {
    s = amg_error(AMG_ERR_ARG, "tile_mirror_upper: the matrix has tiles below the diagonal");
    goto done;
  }
  AMG_TRY_GOTO(fmt_tile_create(u->m, u->n, total.tiles, total.nnz, FMT_DEVICE, &c), s, done);
  fill_kernel<<<fmt_blocks((int64_t)tile_m + 1, 16, 256), 256, 0, fmt_stream()>>>(
      tile_m, scan, total, u->tile_ptr, u->tile_col, u->tile_nnz, u->mask, u->row_ptr, u->val, cols->col_ptr,
      cols->row, cols->tile, c->tile_ptr, c->tile_col, c->tile_nnz, c->mask, c->row_ptr, c->idx, c->val);
  AMG_LAUNCH_GOTO(s, done);
done:
  fmt_tile_columns_destroy(cols);
  fmt_device_free(scan);
  if (s == AMG_OK)
    *out = c;
  else
    fmt_tile_destroy(c);
  return s;
}
