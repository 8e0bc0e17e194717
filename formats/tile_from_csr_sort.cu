/* CSR -> tile on the device for rows that are not sorted by column (the
 * sorted case, the usual one, is tile_from_csr.cu; CPU reference:
 * tile_from_csr.c).
 *
 * Each entry gets the key (tile row, tile column, local row, local column),
 * in that order of significance; one stable radix sort by key lays the
 * entries out exactly as the tile format stores them (tiles of a tile row by
 * column, entries of a tile by (row, col)), even for unsorted CSR rows. A scan
 * of "key's tile differs from the previous one" numbers the tiles; the one
 * host sync reads the tile count to allocate C. Then one thread per entry
 * writes idx/val and the tile starts, and one half-warp per tile derives its
 * row masks, row_ptr and the tile-row pointers.
 * Precondition: columns in range (tile_from_csr.cu checks it). A column
 * repeated within a row (equal keys, adjacent once sorted) is refused. It
 * needs four nnz-sized 64-bit temporaries and a second host sync. */
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "device_util.cuh"
#include "fmt_internal.h"

#define ENTRY_LANES 8 /* threads per CSR row when keying entries */

static __global__ void entry_keys_kernel(int32_t m, int32_t tile_n, const int64_t *row_ptr,
                                         const int32_t *col, int64_t *keys, int64_t *iota) {
  int64_t g = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  int64_t i = g / ENTRY_LANES;
  if (i >= m)
    return;
  int64_t tile_base = (i / FMT_TILE) * (int64_t)tile_n;
  int r = (int)(i % FMT_TILE);
  for (int64_t e = row_ptr[i] + g % ENTRY_LANES; e < row_ptr[i + 1]; e += ENTRY_LANES) {
    int32_t j = col[e];
    keys[e] = ((tile_base + j / FMT_TILE) << 8) | (r << 4) | (j % FMT_TILE);
    iota[e] = e;
  }
}

/* *repeated = 1 when two sorted entries share a key (a column repeated in a row). */
static __global__ void repeated_kernel(int64_t nnz, const int64_t *keys, int64_t *repeated) {
  int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (p > 0 && p < nnz && keys[p] == keys[p - 1])
    *repeated = 1;
}

/* 1 where sorted entry p opens a new tile. */
struct opens_tile {
  const int64_t *keys;
  __host__ __device__ int64_t operator()(int64_t p) const {
    return p == 0 || (keys[p] >> 8) != (keys[p - 1] >> 8);
  }
};

static __global__ void fill_entries_kernel(int64_t nnz, int32_t tile_n, const int64_t *keys,
                                           const int64_t *perm, const int64_t *tile_of,
                                           const double *a_val, int64_t num_tiles, uint8_t *idx,
                                           double *val, int32_t *tile_col, int64_t *tile_nnz,
                                           int32_t *tile_row) {
  int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= nnz)
    return;
  int64_t key = keys[p];
  idx[p] = (uint8_t)(key & 0xFF);
  val[p] = a_val[perm[p]];
  if (opens_tile{keys}(p)) {
    int64_t t = tile_of[p] - 1;
    tile_col[t] = (int32_t)((key >> 8) % tile_n);
    tile_row[t] = (int32_t)((key >> 8) / tile_n);
    tile_nnz[t] = p;
  }
  if (p == nnz - 1)
    tile_nnz[num_tiles] = nnz;
}

/* One half-warp per tile: lane r finds its row's entries by binary search
 * over the tile's sorted idx, ORs their column bits, and the popcount scan
 * gives row_ptr. Lane 0 also fills the tile-row pointers this tile opens. */
static __global__ void finish_tiles_kernel(int64_t nt, int32_t tile_m, const int64_t *tile_nnz,
                                           const uint8_t *idx, const int32_t *tile_row,
                                           uint16_t *mask, uint8_t *row_ptr, int64_t *tile_ptr) {
  int64_t t = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 4;
  if (t >= nt)
    return;
  int r = threadIdx.x & 15;
  int64_t base = tile_nnz[t];
  int len = (int)(tile_nnz[t + 1] - base);
  int lo = 0, hi = len; /* first entry whose row is >= r */
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if ((idx[base + mid] >> 4) < r)
      lo = mid + 1;
    else
      hi = mid;
  }
  unsigned bits = 0;
  for (int k = lo; k < len && (idx[base + k] >> 4) == r; k++)
    bits |= 1u << (idx[base + k] & 15);
  mask[FMT_TILE * t + r] = (uint16_t)bits;
  row_ptr[FMT_TILE * t + r] = (uint8_t)lo;
  if (r == 0) {
    int32_t prev = t == 0 ? -1 : tile_row[t - 1];
    for (int32_t i = prev + 1; i <= tile_row[t]; i++)
      tile_ptr[i] = t;
    if (t == nt - 1)
      for (int32_t i = tile_row[t] + 1; i <= tile_m; i++)
        tile_ptr[i] = nt;
  }
}

amg_status fmt_tile_from_unsorted_csr_device(const fmt_csr *a, fmt_tile **out) {
  *out = NULL;
  int64_t nnz = a->nnz, num_tiles = 0;
  int32_t tile_m = fmt_tiles_for(a->m), tile_n = fmt_tiles_for(a->n);
  int64_t *keys = NULL, *sorted = NULL, *iota = NULL, *perm = NULL, *tile_of = NULL;
  int32_t *tile_row = NULL;
  fmt_tile *c = NULL;
  amg_status s = AMG_OK;
  if (nnz > 0) {
    size_t bytes = (size_t)nnz * sizeof(int64_t);
    AMG_TRY_GOTO(fmt_device_alloc((void **)&keys, bytes), s, done);
    AMG_TRY_GOTO(fmt_device_alloc((void **)&sorted, bytes), s, done);
    AMG_TRY_GOTO(fmt_device_alloc((void **)&iota, bytes), s, done);
    AMG_TRY_GOTO(fmt_device_alloc((void **)&perm, bytes), s, done);
    entry_keys_kernel<<<fmt_blocks(a->m, ENTRY_LANES, 256), 256, 0, fmt_stream()>>>(
        a->m, tile_n, a->row_ptr, a->col, keys, iota);
    AMG_LAUNCH_GOTO(s, done);
    int bits = fmt_key_bits((int64_t)tile_m * tile_n * 256);
    AMG_TRY_GOTO(fmt_cub(
                     [&](void *tmp, size_t &b) {
                       return cub::DeviceRadixSort::SortPairs(tmp, b, keys, sorted, iota, perm, nnz,
                                                              0, bits, fmt_stream());
                     },
                     "cub::DeviceRadixSort::SortPairs(entry keys)"),
                 s, done);
    tile_of = keys; /* the unsorted keys are spent: their space takes the tile numbers */
    auto opens = thrust::make_transform_iterator(thrust::counting_iterator<int64_t>(0),
                                                 opens_tile{sorted});
    AMG_TRY_GOTO(fmt_cub(
                     [&](void *tmp, size_t &b) {
                       return cub::DeviceScan::InclusiveSum(tmp, b, opens, tile_of, nnz, fmt_stream());
                     },
                     "cub::DeviceScan::InclusiveSum(tile starts)"),
                 s, done);
    AMG_TRY_GOTO(fmt_copy(&num_tiles, FMT_HOST, tile_of + nnz - 1, FMT_DEVICE, sizeof num_tiles), s, done);
    int64_t *repeated = iota, any_repeated = 0; /* iota is spent too */
    AMG_CUDA_GOTO(cudaMemsetAsync(repeated, 0, sizeof *repeated, fmt_stream()), s, done);
    repeated_kernel<<<fmt_blocks(nnz, 1, 256), 256, 0, fmt_stream()>>>(nnz, sorted, repeated);
    AMG_LAUNCH_GOTO(s, done);
    AMG_TRY_GOTO(fmt_copy(&any_repeated, FMT_HOST, repeated, FMT_DEVICE, sizeof any_repeated), s, done);
    if (any_repeated) {
      s = amg_error(AMG_ERR_INVALID_MATRIX, "CSR -> tile: a column index is repeated within a row");
      goto done;
    }
  }
  AMG_TRY_GOTO(fmt_tile_create(a->m, a->n, num_tiles, nnz, FMT_DEVICE, &c), s, done);
  AMG_CUDA_GOTO(cudaMemsetAsync(c->tile_nnz, 0, sizeof(int64_t), fmt_stream()), s, done);
  if (num_tiles == 0) {
    AMG_CUDA_GOTO(cudaMemsetAsync(c->tile_ptr, 0, ((size_t)tile_m + 1) * sizeof(int64_t), fmt_stream()),
                  s, done);
    goto done;
  }
  AMG_TRY_GOTO(fmt_device_alloc((void **)&tile_row, (size_t)num_tiles * sizeof *tile_row), s, done);
  fill_entries_kernel<<<fmt_blocks(nnz, 1, 256), 256, 0, fmt_stream()>>>(
      nnz, tile_n, sorted, perm, tile_of, a->val, num_tiles, c->idx, c->val, c->tile_col,
      c->tile_nnz, tile_row);
  AMG_LAUNCH_GOTO(s, done);
  finish_tiles_kernel<<<fmt_blocks(num_tiles, 16, 256), 256, 0, fmt_stream()>>>(
      num_tiles, tile_m, c->tile_nnz, c->idx, tile_row, c->mask, c->row_ptr, c->tile_ptr);
  AMG_LAUNCH_GOTO(s, done);
done:
  fmt_device_free(keys);
  fmt_device_free(sorted);
  fmt_device_free(iota);
  fmt_device_free(perm);
  fmt_device_free(tile_row);
  if (s == AMG_OK)
    *out = c;
  else
    fmt_tile_destroy(c);
  return s;
}

FMT_DEVICE_MODULE(entry_keys_kernel);
