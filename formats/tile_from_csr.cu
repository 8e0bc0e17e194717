/* CSR -> tile for a device matrix (CPU reference: tile_from_csr.c).
 *
 * A half-warp takes a tile row, and lane r walks CSR row 16 * tile row + r
 * with a cursor. Rows are sorted, so the smallest tile column under the 16
 * cursors (a half-warp min) is the tile row's next tile; every lane then
 * advances past its entries in that tile. Pass 1 counts each tile row's
 * tiles and checks the rows; a scan and one host sync size the result;
 * pass 2 walks again and writes the tiles. A tile row's entries start at
 * the same offset in both formats (the CSR offset of its first row), so
 * entry offsets need no scan, and no temporary is nnz-sized.
 * Rows that are not sorted (cuSPARSE does not promise sorted output) go to
 * the radix-sort path, tile_from_csr_sort.cu. A column out of range, or one
 * repeated within a row, is an error (found here, or for unsorted rows
 * after the sort). */
#include <cub/device/device_scan.cuh>

#include "device_util.cuh"
#include "fmt_internal.h"

#define NO_TILE INT32_MAX
#define FILL_THREADS 256 /* 16 tile rows per block */

/* What pass 1 found, ORed over all rows into one flag word. */
enum { ROWS_UNSORTED = 1, ROWS_INVALID = 2 };

/* Lane r's position in its row: entry e of [e, end), and col[e] while e < end. */
struct row_cursor {
  int64_t e, end;
  int32_t c;
};

static __device__ __forceinline__ void cursor_load(row_cursor &w, const int32_t *col) {
  if (w.e < w.end)
    w.c = col[w.e];
}

static __device__ __forceinline__ row_cursor cursor_start(int32_t m, const int64_t *row_ptr,
                                                          const int32_t *col, int32_t tile_row) {
  int64_t i = (int64_t)tile_row * FMT_TILE + (threadIdx.x & 15);
  row_cursor w = {0, 0, 0};
  if (i < m) {
    w.e = row_ptr[i];
    w.end = row_ptr[i + 1];
    cursor_load(w, col);
  }
  return w;
}

/* The smallest tile column under the half-warp's cursors; NO_TILE when every row is done. */
static __device__ __forceinline__ int32_t next_tile(const row_cursor &w) {
  int32_t t = w.e < w.end ? w.c / FMT_TILE : NO_TILE;
  unsigned mask = fmt_half_warp_mask();
  for (int d = 8; d > 0; d >>= 1)
    t = min(t, __shfl_xor_sync(mask, t, d, 16));
  return t;
}

/* Pass 1: count[i] = tiles of tile row i. Each entry is visited once even
 * when rows are unsorted (the lane holding the minimum always advances), so
 * the order and range checks see every entry. */
static __global__ void count_tiles_kernel(int32_t m, int32_t n, int32_t tile_m, const int64_t *row_ptr,
                                          const int32_t *col, int64_t *count, unsigned long long *flag) {
  int64_t tile_row = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 4;
  if (tile_row >= tile_m)
    return; /* the whole half-warp */
  row_cursor w = cursor_start(m, row_ptr, col, (int32_t)tile_row);
  int64_t tiles = 0;
  int32_t prev = -1;
  unsigned found = 0;
  for (int32_t t; (t = next_tile(w)) != NO_TILE; tiles++)
    for (; w.e < w.end && w.c / FMT_TILE == t; w.e++, cursor_load(w, col)) {
      if (w.c < 0 || w.c >= n || w.c == prev)
        found |= ROWS_INVALID;
      else if (w.c < prev)
        found |= ROWS_UNSORTED;
      prev = w.c;
    }
  if (found)
    atomicOr(flag, (unsigned long long)found);
  if ((threadIdx.x & 15) == 0)
    count[tile_row] = tiles;
}

/* Pass 2: the same walk writes tile columns, offsets, masks and row
 * pointers. Lane r's entries of a tile follow the lanes below it; the
 * half-warp then copies the tile's entries with consecutive lanes on
 * consecutive entries (each finds its row among the 16 row starts), so the
 * writes are coalesced. */
static __global__ void __launch_bounds__(FILL_THREADS)
    fill_tiles_kernel(int32_t m, int32_t tile_m, const int64_t *row_ptr, const int32_t *col,
                      const double *a_val, const int64_t *tile_ptr, int32_t *tile_col, int64_t *tile_nnz,
                      uint16_t *mask, uint8_t *tile_row_ptr, uint8_t *idx, double *val) {
  __shared__ int64_t first_of[FILL_THREADS / 16][FMT_TILE]; /* CSR position of row r's first entry */
  __shared__ int start_of[FILL_THREADS / 16][FMT_TILE];     /* its position within the tile */
  int64_t tile_row = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 4;
  if (tile_row >= tile_m)
    return; /* the whole half-warp */
  int r = threadIdx.x & 15, h = threadIdx.x >> 4;
  unsigned half = fmt_half_warp_mask();
  row_cursor w = cursor_start(m, row_ptr, col, (int32_t)tile_row);
  int64_t tile = tile_ptr[tile_row], base = row_ptr[tile_row * FMT_TILE];
  for (int32_t t; (t = next_tile(w)) != NO_TILE; tile++) {
    int64_t first = w.e;
    unsigned bits = 0;
    for (; w.e < w.end && w.c / FMT_TILE == t; w.e++, cursor_load(w, col))
      bits |= 1u << (w.c % FMT_TILE);
    int total, start = fmt_half_warp_exclusive_sum((int)(w.e - first), &total);
    mask[FMT_TILE * tile + r] = (uint16_t)bits;
    tile_row_ptr[FMT_TILE * tile + r] = (uint8_t)start;
    first_of[h][r] = first;
    start_of[h][r] = start;
    __syncwarp(half);
    for (int q = r; q < total; q += FMT_TILE) {
      int row = 0; /* the last row starting at or before q (rows before it may be empty) */
      for (int step = 8; step > 0; step >>= 1)
        if (start_of[h][row + step] <= q)
          row += step;
      int64_t src = first_of[h][row] + (q - start_of[h][row]);
      idx[base + q] = (uint8_t)((row << 4) | (col[src] % FMT_TILE));
      val[base + q] = a_val[src];
    }
    __syncwarp(half); /* the next tile overwrites the row starts */
    if (r == 0) {
      tile_col[tile] = t;
      tile_nnz[tile] = base;
    }
    base += total;
  }
  if (r == 0 && tile_row == tile_m - 1)
    tile_nnz[tile] = base; /* = nnz, after the last tile */
}

extern "C" amg_status fmt_tile_from_csr_device(const fmt_csr *a, fmt_tile **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "tile_from_csr_device: dev_tile is NULL");
  *out = NULL;
  if (!a)
    return amg_error(AMG_ERR_ARG, "tile_from_csr_device: dev_csr is NULL");
  if (a->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "tile_from_csr_device: need a device matrix");
  int32_t tile_m = fmt_tiles_for(a->m);
  /* scan[0 .. tile_m] becomes tile_ptr; scan[tile_m + 1] holds pass 1's flag. */
  int64_t *count = NULL, *scan = NULL, tail[2] = {0, 0};
  fmt_tile *c = NULL;
  amg_status s = AMG_OK;
  AMG_TRY_GOTO(fmt_device_alloc((void **)&scan, ((size_t)tile_m + 2) * sizeof *scan), s, done);
  AMG_CUDA_GOTO(cudaMemsetAsync(scan, 0, ((size_t)tile_m + 2) * sizeof *scan, fmt_stream()), s, done);
  if (tile_m > 0) {
    AMG_TRY_GOTO(fmt_device_alloc((void **)&count, (size_t)tile_m * sizeof *count), s, done);
    count_tiles_kernel<<<fmt_blocks(tile_m, 16, 256), 256, 0, fmt_stream()>>>(
        a->m, a->n, tile_m, a->row_ptr, a->col, count, (unsigned long long *)(scan + tile_m + 1));
    AMG_LAUNCH_GOTO(s, done);
    int64_t *scan_out = scan + 1;
    AMG_TRY_GOTO(fmt_cub(
                     [&](void *tmp, size_t &b) {
                       return cub::DeviceScan::InclusiveSum(tmp, b, count, scan_out, tile_m, fmt_stream());
                     },
                     "cub::DeviceScan::InclusiveSum(tiles per tile row)"),
                 s, done);
  }
  AMG_TRY_GOTO(fmt_copy(tail, FMT_HOST, scan + tile_m, FMT_DEVICE, sizeof tail), s, done);
  if (tail[1] & ROWS_INVALID) {
    s = amg_error(AMG_ERR_INVALID_MATRIX,
                  "CSR -> tile: a column index is out of range [0, %d) or repeated within a row", a->n);
    goto done;
  }
  if (tail[1] & ROWS_UNSORTED) {
    fmt_device_free(count);
    fmt_device_free(scan);
    return fmt_tile_from_unsorted_csr_device(a, out);
  }
  AMG_TRY_GOTO(fmt_tile_create(a->m, a->n, tail[0], a->nnz, FMT_DEVICE, &c), s, done);
  AMG_CUDA_GOTO(cudaMemcpyAsync(c->tile_ptr, scan, ((size_t)tile_m + 1) * sizeof *scan,
                                cudaMemcpyDeviceToDevice, fmt_stream()),
                s, done);
  if (tile_m == 0) {
    AMG_CUDA_GOTO(cudaMemsetAsync(c->tile_nnz, 0, sizeof *c->tile_nnz, fmt_stream()), s, done);
    goto done;
  }
  fill_tiles_kernel<<<fmt_blocks(tile_m, 16, FILL_THREADS), FILL_THREADS, 0, fmt_stream()>>>(
      a->m, tile_m, a->row_ptr, a->col, a->val, scan, c->tile_col, c->tile_nnz, c->mask, c->row_ptr, c->idx,
      c->val);
  AMG_LAUNCH_GOTO(s, done);
done:
  fmt_device_free(count);
  fmt_device_free(scan);
  if (s == AMG_OK)
    *out = c;
  else
    fmt_tile_destroy(c);
  return s;
}

FMT_DEVICE_MODULE(count_tiles_kernel);
