/* Entry selection by masks on the GPU (CPU reference: tile_select.c).
 * A scan over (tile kept?, kept entries) sizes the result; one host sync
 * reads the totals; a half-warp per tile then copies its kept entries (lane
 * r = row r, positions from a popcount scan), and thread g <= tile_m sets
 * tile_ptr[g]. */
#include <cub/device/device_scan.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "device_util.cuh"
#include "fmt_internal.h"

struct kept_in_tile {
  const uint16_t *keep, *mask;
  __device__ fmt_tile_count operator()(int64_t t) const {
    int64_t n = 0;
    for (int r = 0; r < FMT_TILE; r++)
      n += __popc((unsigned)(keep[FMT_TILE * t + r] & mask[FMT_TILE * t + r]));
    return fmt_tile_count{n > 0, n};
  }
};

static __global__ void select_kernel(int64_t nt, int32_t tile_m, const int64_t *a_tile_ptr,
                                     const int32_t *a_tile_col, const int64_t *a_tile_nnz,
                                     const uint8_t *a_row_ptr, const uint16_t *a_mask,
                                     const uint8_t *a_idx, const double *a_val, const uint16_t *keep,
                                     const fmt_tile_count *scan, fmt_tile_count total, int64_t *tile_ptr,
                                     int32_t *tile_col, int64_t *tile_nnz, uint8_t *row_ptr,
                                     uint16_t *mask, uint8_t *idx, double *val) {
  int64_t g = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  fmt_compact_pointers(g, tile_m, a_tile_ptr, scan, total, tile_ptr, tile_nnz);
  int64_t t = g >> 4;
  if (t >= nt || scan[t + 1].nnz == scan[t].nnz)
    return; /* whole half-warp: tile t keeps nothing */
  int r = threadIdx.x & 15;
  int64_t u = scan[t].tiles, base = scan[t].nnz;
  unsigned bits = a_mask[FMT_TILE * t + r], kept = keep[FMT_TILE * t + r] & bits;
  int total_here;
  int start = fmt_half_warp_exclusive_sum(__popc(kept), &total_here);
  row_ptr[FMT_TILE * u + r] = (uint8_t)start;
  mask[FMT_TILE * u + r] = (uint16_t)kept;
  int64_t src = a_tile_nnz[t] + a_row_ptr[FMT_TILE * t + r], dst = base + start;
  for (; bits; bits &= bits - 1, src++)
    if (kept & (bits & (0u - bits))) {
      idx[dst] = a_idx[src];
      val[dst++] = a_val[src];
    }
  if (r == 0) {
    tile_col[u] = a_tile_col[t];
    tile_nnz[u] = base;
  }
}

extern "C" amg_status fmt_tile_select_device(const fmt_tile *a, const uint16_t *keep, fmt_tile **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "tile_select_device: out is NULL");
  *out = NULL;
  if (!a)
    return amg_error(AMG_ERR_ARG, "tile_select_device: a is NULL");
  if (a->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "tile_select_device: need a device matrix");
  if (!keep && a->num_tiles > 0)
    return amg_error(AMG_ERR_ARG, "tile_select_device: keep is NULL");
  int64_t nt = a->num_tiles;
  fmt_tile_count *scan = NULL, total = {0, 0};
  fmt_tile *c = NULL;
  amg_status s = AMG_OK;
  AMG_TRY_GOTO(fmt_device_alloc((void **)&scan, (size_t)(nt + 1) * sizeof *scan), s, done);
  {
    auto counts = thrust::make_transform_iterator(thrust::counting_iterator<int64_t>(0),
                                                  kept_in_tile{keep, a->mask});
    AMG_TRY_GOTO(fmt_scan_tile_flags(counts, nt, scan, &total, "cub::DeviceScan::InclusiveScan(selected tiles)"),
                 s, done);
  }
  AMG_TRY_GOTO(fmt_tile_create(a->m, a->n, total.tiles, total.nnz, FMT_DEVICE, &c), s, done);
  {
    unsigned blocks = fmt_blocks_and_pointers(nt, 256 / 16, 256, a->tile_m); /* a half-warp per tile */
    select_kernel<<<blocks, 256, 0, fmt_stream()>>>(
        nt, a->tile_m, a->tile_ptr, a->tile_col, a->tile_nnz, a->row_ptr, a->mask, a->idx, a->val, keep,
        scan, total, c->tile_ptr, c->tile_col, c->tile_nnz, c->row_ptr, c->mask, c->idx, c->val);
    AMG_LAUNCH_GOTO(s, done);
  }
done:
  fmt_device_free(scan);
  if (s == AMG_OK)
    *out = c;
  else
    fmt_tile_destroy(c);
  return s;
}

FMT_DEVICE_MODULE(select_kernel);
