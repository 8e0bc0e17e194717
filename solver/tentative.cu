/* Tentative prolongator T on the GPU (CPU reference: tentative.c), built in
 * tile format directly: T has at most one entry per row, so a tile row's
 * tiles are the distinct values of agg/16 over its 16 rows. One thread per
 * tile row sorts those (at most 16) values, a scan of (tiles, entries) per
 * tile row sizes T (one host sync), and the same thread then writes its
 * tiles. */
#include <cub/device/device_scan.cuh>

#include "amg_ops.h"
#include "device_util.cuh"

/* Sorted distinct tile columns of tile row ti into cols; returns their number. */
static __device__ int distinct_columns(const int32_t *agg, int32_t n, int32_t ti, int32_t *cols,
                                       int *entries) {
  int count = 0;
  *entries = 0;
  for (int r = 0; r < FMT_TILE && ti * FMT_TILE + r < n; r++) {
    int32_t a = agg[ti * FMT_TILE + r];
    if (a < 0)
      continue;
    ++*entries;
    int32_t c = a / FMT_TILE;
    int pos = count;
    while (pos > 0 && cols[pos - 1] > c)
      pos--;
    if (pos > 0 && cols[pos - 1] == c)
      continue;
    for (int q = count; q > pos; q--)
      cols[q] = cols[q - 1];
    cols[pos] = c;
    count++;
  }
  return count;
}

static __global__ void count_kernel(const int32_t *agg, int32_t n, int32_t tile_m, fmt_tile_count *counts) {
  int32_t ti = (int32_t)((int64_t)blockIdx.x * blockDim.x + threadIdx.x);
  if (ti >= tile_m)
    return;
  int32_t cols[FMT_TILE];
  int entries, tiles = distinct_columns(agg, n, ti, cols, &entries);
  counts[ti] = fmt_tile_count{tiles, entries};
}

static __global__ void fill_kernel(const int32_t *agg, int32_t n, int32_t tile_m, const double *tval,
                                   const fmt_tile_count *scan, int64_t *tile_ptr, int32_t *tile_col,
                                   int64_t *tile_nnz, uint8_t *row_ptr, uint16_t *mask, uint8_t *idx,
                                   double *val) {
  int32_t ti = (int32_t)((int64_t)blockIdx.x * blockDim.x + threadIdx.x);
  if (ti > tile_m)
    return;
  tile_ptr[ti] = ti == 0 ? 0 : scan[ti - 1].tiles;
  if (ti == tile_m) {
    tile_nnz[scan[tile_m - 1].tiles] = scan[tile_m - 1].nnz;
    return;
  }
  int32_t cols[FMT_TILE];
  int entries, tiles = distinct_columns(agg, n, ti, cols, &entries);
  int64_t u = ti == 0 ? 0 : scan[ti - 1].tiles, k = ti == 0 ? 0 : scan[ti - 1].nnz;
  for (int q = 0; q < tiles; q++, u++) {
    tile_col[u] = cols[q];
    tile_nnz[u] = k;
    int in_tile = 0;
    for (int r = 0; r < FMT_TILE; r++) {
      int32_t i = ti * FMT_TILE + r, a = i < n ? agg[i] : -1;
      bool here = a >= 0 && a / FMT_TILE == cols[q];
      row_ptr[FMT_TILE * u + r] = (uint8_t)in_tile;
      mask[FMT_TILE * u + r] = here ? (uint16_t)(1u << (a % FMT_TILE)) : 0;
      if (here) {
        idx[k] = (uint8_t)((r << 4) | (a % FMT_TILE));
        val[k++] = tval[i];
        in_tile++;
      }
    }
  }
}

extern "C" amg_status amg_tentative_device(const int32_t *agg, const double *tval, int32_t n, int32_t count,
                                           fmt_tile **out) {
  *out = NULL;
  int32_t tile_m = fmt_tiles_for(n);
  fmt_tile_count *scan = NULL, total = {0, 0};
  fmt_tile *t = NULL;
  amg_status s = AMG_OK;
  AMG_TRY_GOTO(fmt_device_alloc((void **)&scan, ((size_t)tile_m + 1) * sizeof *scan), s, done);
  if (tile_m > 0) {
    count_kernel<<<fmt_blocks(tile_m, 1, 128), 128, 0, fmt_stream()>>>(agg, n, tile_m, scan);
    AMG_LAUNCH_GOTO(s, done);
    AMG_TRY_GOTO(fmt_cub(
                     [&](void *tmp, size_t &bytes) {
                       return cub::DeviceScan::InclusiveScan(tmp, bytes, scan, scan, fmt_tile_count_sum{},
                                                             tile_m, fmt_stream());
                     },
                     "cub::DeviceScan::InclusiveScan(tentative tiles)"),
                 s, done);
    AMG_CUDA_GOTO(cudaMemcpyAsync(&total, scan + tile_m - 1, sizeof total, cudaMemcpyDeviceToHost,
                                  fmt_stream()),
                  s, done);
    AMG_CUDA_GOTO(cudaStreamSynchronize(fmt_stream()), s, done);
  }
  AMG_TRY_GOTO(fmt_tile_create(n, count, total.tiles, total.nnz, FMT_DEVICE, &t), s, done);
  if (tile_m == 0) {
    AMG_CUDA_GOTO(cudaMemsetAsync(t->tile_ptr, 0, sizeof(int64_t), fmt_stream()), s, done);
    AMG_CUDA_GOTO(cudaMemsetAsync(t->tile_nnz, 0, sizeof(int64_t), fmt_stream()), s, done);
    goto done;
  }
  fill_kernel<<<fmt_blocks((int64_t)tile_m + 1, 1, 128), 128, 0, fmt_stream()>>>(
      agg, n, tile_m, tval, scan, t->tile_ptr, t->tile_col, t->tile_nnz, t->row_ptr, t->mask, t->idx,
      t->val);
  AMG_LAUNCH_GOTO(s, done);
done:
  fmt_device_free(scan);
  if (s == AMG_OK)
    *out = t;
  else
    fmt_tile_destroy(t);
  return s;
}

FMT_DEVICE_MODULE(count_kernel);
