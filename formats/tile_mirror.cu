/* C = the symmetric matrix whose upper triangle is u's, on the GPU (CPU
 * reference: tile_mirror.c, same tile order; rules in tile_mirror.h).
 *
 * C's tile row i is: the tiles of u's tile column i above the diagonal,
 * transposed; u's tile (i, i), mirrored (dropped when empty); u's tiles
 * (i, j > i), copied. A scan of tile sizes in column order
 * gives each transposed tile's offset, u's tile_nnz each copied one's, so
 * every C tile knows its source and place in O(1): a thread per tile row
 * counts, a scan sizes C (the one host sync), a thread per C tile finds its
 * source, and a half-warp builds it. (A half-warp per tile, finding the
 * source and then gathering one value at a time, took 686 us for the 25.3M
 * entries of 3D 7-point A^2, run 131: a chain of dependent loads per tile.) */
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "device_util.cuh"
#include "fmt_internal.h"
#include "tile_mirror.cuh"

/* A row's count when it has a tile below the diagonal. The scanned total is
 * then negative without wrapping: at most 2^27 tile rows sum to >= -2^62,
 * and C's real tiles, at most twice u's (< MIRROR_MAX_TILES), stay < 2^35. */
#define MIRROR_BELOW_DIAGONAL (-((int64_t)1 << 35))
#define MIRROR_MAX_TILES ((int64_t)1 << 33)

/* Where C's tile row i comes from. */
struct mirror_row {
  int64_t lower_first, lower_count; /* positions in u's column order */
  int64_t diag;                     /* u's tile (i, i), or -1 */
  int64_t upper_first, upper_end;   /* u's tiles (i, j > i) */
};

static __device__ mirror_row row_sources(int32_t i, const int64_t *tile_ptr, const int32_t *tile_col,
                                         const int64_t *col_ptr, const int32_t *col_row) {
  mirror_row s;
  s.lower_first = col_ptr[i];
  s.lower_count = col_ptr[i + 1] - s.lower_first;
  if (s.lower_count > 0 && col_row[col_ptr[i + 1] - 1] == i)
    s.lower_count--; /* the diagonal tile ends u's column i */
  s.upper_first = tile_ptr[i];
  s.upper_end = tile_ptr[i + 1];
  s.diag = s.upper_first < s.upper_end && tile_col[s.upper_first] == i ? s.upper_first++ : -1;
  return s;
}

static __device__ int mirrored_size(const uint16_t *m, int rule) {
  int n = 0;
  for (int r = 0; r < FMT_TILE; r++)
    n += __popc(fmt_mirror_row_mask(m, rule, r));
  return n;
}

/* counts[i] = C's tiles and entries in tile row i; diag_size[i] = entries of its diagonal tile. */
static __global__ void count_kernel(int32_t tile_m, const int64_t *tile_ptr, const int32_t *tile_col,
                                    const int64_t *tile_nnz, const uint16_t *mask, const int64_t *col_ptr,
                                    const int32_t *col_row, const int64_t *col_offset, int32_t *diag_size,
                                    fmt_tile_count *counts) {
  int32_t i = (int32_t)((int64_t)blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= tile_m)
    return;
  if (tile_ptr[i] < tile_ptr[i + 1] && tile_col[tile_ptr[i]] < i) {
    counts[i] = fmt_tile_count{MIRROR_BELOW_DIAGONAL, 0};
    return;
  }
  mirror_row s = row_sources(i, tile_ptr, tile_col, col_ptr, col_row);
  int d = s.diag >= 0 ? mirrored_size(mask + FMT_TILE * s.diag, FMT_MIRROR_DIAG) : 0;
  diag_size[i] = d;
  counts[i] = fmt_tile_count{s.lower_count + (d > 0) + (s.upper_end - s.upper_first),
                             col_offset[s.lower_first + s.lower_count] - col_offset[s.lower_first] + d +
                                 tile_nnz[s.upper_end] - tile_nnz[s.upper_first]};
}

#define MIRROR_THREADS 256
#define MIRROR_HALF_WARPS (MIRROR_THREADS / 16)
/* C tiles per block: a thread each finds their sources, then each
 * half-warp builds MIRROR_TILES / MIRROR_HALF_WARPS of them in turn. */
#define MIRROR_TILES 128

/* C's tile t: its tile row (by a binary search of the scan), its source
 * tile of u, rule, tile column and first entry. */
static __device__ void tile_source(int64_t t, int32_t tile_m, const fmt_tile_count *scan,
                                   const int32_t *diag_size, const int64_t *u_tile_ptr,
                                   const int32_t *u_tile_col, const int64_t *u_tile_nnz, const int64_t *col_ptr,
                                   const int32_t *col_row, const int64_t *col_tile, const int64_t *col_offset,
                                   int64_t *src, int *rule, int32_t *col, int64_t *first) {
  int32_t lo = 0, hi = tile_m; /* the last i with scan[i].tiles <= t */
  while (hi - lo > 1) {
    int32_t mid = lo + (hi - lo) / 2;
    if (scan[mid].tiles <= t)
      lo = mid;
    else
      hi = mid;
  }
  int32_t i = lo;
  mirror_row s = row_sources(i, u_tile_ptr, u_tile_col, col_ptr, col_row);
  int64_t q = t - scan[i].tiles, k = scan[i].nnz;
  if (q < s.lower_count) {
    int64_t v = s.lower_first + q;
    *src = col_tile[v];
    *col = col_row[v];
    *rule = FMT_MIRROR_LOWER;
    *first = k + col_offset[v] - col_offset[s.lower_first];
    return;
  }
  k += col_offset[s.lower_first + s.lower_count] - col_offset[s.lower_first];
  q -= s.lower_count;
  if (diag_size[i] > 0 && q == 0) {
    *src = s.diag;
    *rule = FMT_MIRROR_DIAG;
  } else {
    *src = s.upper_first + q - (diag_size[i] > 0);
    *rule = FMT_MIRROR_UPPER;
    k += diag_size[i] + u_tile_nnz[*src] - u_tile_nnz[s.upper_first];
  }
  *col = u_tile_col[*src];
  *first = k;
}

/* Block b takes C's tiles [b * MIRROR_TILES, (b + 1) * MIRROR_TILES): a
 * thread per tile finds its source (a chain of dependent loads, so many
 * chains run at once), writes its column and first entry, and leaves the
 * rest in shared memory; then half-warps build the tiles, lane r writing
 * row r's mask and start. Threads g <= tile_m also set C's tile_ptr[g]. */
static __global__ void __launch_bounds__(MIRROR_THREADS)
    fill_kernel(int32_t tile_m, const fmt_tile_count *scan, fmt_tile_count total, const int32_t *diag_size,
                const int64_t *u_tile_ptr, const int32_t *u_tile_col, const int64_t *u_tile_nnz,
                const uint16_t *u_mask, const uint8_t *u_row_ptr, const uint8_t *u_idx, const double *u_val,
                const int64_t *col_ptr, const int32_t *col_row, const int64_t *col_tile,
                const int64_t *col_offset, int64_t *c_tile_ptr, int32_t *c_tile_col, int64_t *c_tile_nnz,
                uint16_t *c_mask, uint8_t *c_row_ptr, uint8_t *c_idx, double *c_val) {
  __shared__ int64_t src_of[MIRROR_TILES], first_of[MIRROR_TILES], base_of[MIRROR_TILES];
  __shared__ int rule_of[MIRROR_TILES];
  __shared__ uint16_t mask_all[MIRROR_HALF_WARPS][FMT_TILE];
  __shared__ uint8_t start_all[MIRROR_HALF_WARPS][FMT_TILE];
  int64_t g = (int64_t)blockIdx.x * MIRROR_THREADS + threadIdx.x, t0 = (int64_t)blockIdx.x * MIRROR_TILES;
  if (g <= tile_m)
    c_tile_ptr[g] = scan[g].tiles;
  if (g == 0)
    c_tile_nnz[total.tiles] = total.nnz;
  if (threadIdx.x < MIRROR_TILES && t0 + threadIdx.x < total.tiles) {
    int64_t t = t0 + threadIdx.x, src, first;
    int rule;
    int32_t col;
    tile_source(t, tile_m, scan, diag_size, u_tile_ptr, u_tile_col, u_tile_nnz, col_ptr, col_row, col_tile,
                col_offset, &src, &rule, &col, &first);
    c_tile_col[t] = col;
    c_tile_nnz[t] = first;
    src_of[threadIdx.x] = src;
    base_of[threadIdx.x] = u_tile_nnz[src];
    first_of[threadIdx.x] = first;
    rule_of[threadIdx.x] = rule;
  }
  __syncthreads();
  int hw = threadIdx.x >> 4, r = threadIdx.x & 15;
  unsigned members = fmt_half_warp_mask();
  uint16_t *m = mask_all[hw];
  uint8_t *st = start_all[hw];
  /* The next tile's source rows (masks, starts) are loaded while this one
   * is built. */
  int q = hw;
  bool more = q < MIRROR_TILES && t0 + q < total.tiles;
  unsigned next_mask = 0, next_start = 0;
  if (more) {
    next_mask = u_mask[FMT_TILE * src_of[q] + r];
    next_start = u_row_ptr[FMT_TILE * src_of[q] + r];
  }
  while (more) {
    int64_t t = t0 + q;
    int rule = rule_of[q], size;
    m[r] = (uint16_t)next_mask;
    st[r] = (uint8_t)next_start;
    int after = q + MIRROR_HALF_WARPS;
    bool again = after < MIRROR_TILES && t0 + after < total.tiles;
    if (again) {
      next_mask = u_mask[FMT_TILE * src_of[after] + r];
      next_start = u_row_ptr[FMT_TILE * src_of[after] + r];
    }
    __syncwarp(members);
    unsigned row = fmt_mirror_row_mask(m, rule, r);
    int start = fmt_half_warp_exclusive_sum(__popc(row), &size);
    c_mask[FMT_TILE * t + r] = (uint16_t)row;
    c_row_ptr[FMT_TILE * t + r] = (uint8_t)start;
    fmt_mirror_fill_entries(rule, r, row, start, size, m, st, base_of[q], u_idx, u_val, first_of[q], c_idx, c_val);
    __syncwarp(members); /* m and st are read before the next tile's */
    q = after;
    more = again;
  }
}

extern "C" amg_status fmt_tile_mirror_upper_device(const fmt_tile *u, fmt_tile **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "tile_mirror_upper_device: dev_c is NULL");
  *out = NULL;
  if (!u)
    return amg_error(AMG_ERR_ARG, "tile_mirror_upper_device: dev_u is NULL");
  if (u->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "tile_mirror_upper_device: need a device matrix");
  fmt_tile_columns *cols = NULL;
  fmt_tile_count *scan = NULL, total;
  int64_t *col_offset = NULL, nt = u->num_tiles;
  int32_t *diag_size = NULL, tile_m = u->tile_m;
  fmt_tile *c = NULL;
  amg_status s = fmt_tile_mirror_check(u);
  if (s == AMG_OK && nt >= MIRROR_MAX_TILES)
    s = amg_error(AMG_ERR_OVERFLOW, "tile_mirror_upper: %lld tiles, at most %lld", (long long)nt,
                  (long long)MIRROR_MAX_TILES - 1);
  if (s == AMG_OK)
    s = fmt_tile_columns_create_device(u, &cols);
  if (s == AMG_OK)
    s = fmt_device_alloc((void **)&scan, ((size_t)tile_m + 1) * sizeof *scan);
  if (s == AMG_OK)
    s = fmt_device_alloc((void **)&col_offset, ((size_t)nt + 1) * sizeof *col_offset);
  if (s == AMG_OK)
    s = fmt_device_alloc((void **)&diag_size, (size_t)tile_m * sizeof *diag_size);
  if (s != AMG_OK)
    goto done;
  AMG_CUDA_GOTO(cudaMemsetAsync(col_offset, 0, sizeof *col_offset, fmt_stream()), s, done);
  if (nt > 0) {
    auto sizes = thrust::make_transform_iterator(thrust::counting_iterator<int64_t>(0),
                                                 fmt_permuted_tile_size{u->tile_nnz, cols->tile});
    int64_t *ends = col_offset + 1;
    AMG_TRY_GOTO(fmt_cub(
                     [&](void *tmp, size_t &bytes) {
                       return cub::DeviceScan::InclusiveSum(tmp, bytes, sizes, ends, nt, fmt_stream());
                     },
                     "cub::DeviceScan::InclusiveSum(tile sizes in column order)"),
                 s, done);
  }
  if (tile_m > 0) {
    count_kernel<<<fmt_blocks(tile_m, 1, 256), 256, 0, fmt_stream()>>>(
        tile_m, u->tile_ptr, u->tile_col, u->tile_nnz, u->mask, cols->col_ptr, cols->row, col_offset,
        diag_size, scan + 1);
    AMG_LAUNCH_GOTO(s, done);
  }
  AMG_TRY_GOTO(fmt_scan_tile_counts(scan + 1, tile_m, scan, &total, "cub::DeviceScan(mirrored tile counts)"),
               s, done);
  if (total.tiles < 0) {
    s = amg_error(AMG_ERR_ARG, "tile_mirror_upper: the matrix has tiles below the diagonal");
    goto done;
  }
  AMG_TRY_GOTO(fmt_tile_create(u->m, u->n, total.tiles, total.nnz, FMT_DEVICE, &c), s, done);
  {
    unsigned blocks = fmt_blocks_and_pointers(total.tiles, MIRROR_TILES, MIRROR_THREADS, tile_m);
    fill_kernel<<<blocks, MIRROR_THREADS, 0, fmt_stream()>>>(
        tile_m, scan, total, diag_size, u->tile_ptr, u->tile_col, u->tile_nnz, u->mask, u->row_ptr, u->idx, u->val,
        cols->col_ptr, cols->row, cols->tile, col_offset, c->tile_ptr, c->tile_col, c->tile_nnz, c->mask,
        c->row_ptr, c->idx, c->val);
  }
  AMG_LAUNCH_GOTO(s, done);
done:
  fmt_tile_columns_destroy(cols);
  fmt_device_free(scan);
  fmt_device_free(col_offset);
  fmt_device_free(diag_size);
  if (s == AMG_OK)
    *out = c;
  else
    fmt_tile_destroy(c);
  return s;
}

FMT_DEVICE_MODULE(count_kernel);
