/* P = T - scale * D^-1 S in place of S = A_F T, on the GPU (CPU reference:
 * smooth_prolongator.c): a half-warp per tile, lane r updating row r's
 * entries. */
#include "amg_ops.h"
#include "device_util.cuh"

static __global__ void smooth_kernel(int64_t nt, int32_t tile_m, const int64_t *tile_ptr,
                                     const int32_t *tile_col, const int64_t *tile_nnz,
                                     const uint8_t *row_ptr, const uint16_t *mask, double *val,
                                     const double *d, const int32_t *agg, const double *tval,
                                     double scale) {
  int64_t t = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 4;
  if (t >= nt)
    return;
  int r = threadIdx.x & 15;
  int32_t i = fmt_tile_row_of(tile_ptr, tile_m, t) * FMT_TILE + r;
  unsigned bits = mask[FMT_TILE * t + r];
  if (!bits)
    return;
  int32_t home = agg[i];
  double factor = -scale / d[i];
  int64_t k = tile_nnz[t] + row_ptr[FMT_TILE * t + r];
  for (; bits; bits &= bits - 1, k++) {
    int32_t j = tile_col[t] * FMT_TILE + __ffs(bits) - 1;
    double v = val[k] * factor;
    if (j == home)
      v += tval[i];
    val[k] = v;
  }
}

extern "C" amg_status amg_smooth_prolongator_device(fmt_tile *s, const double *d, const int32_t *agg,
                                                    const double *tval, double scale) {
  if (!s || s->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "smooth_prolongator: need a device matrix");
  if (s->num_tiles > 0) {
    smooth_kernel<<<fmt_blocks(s->num_tiles, 16, 256), 256, 0, fmt_stream()>>>(
        s->num_tiles, s->tile_m, s->tile_ptr, s->tile_col, s->tile_nnz, s->row_ptr, s->mask, s->val, d,
        agg, tval, scale);
    AMG_CUDA_TRY(cudaGetLastError());
  }
  return AMG_OK;
}

FMT_DEVICE_MODULE(smooth_kernel);
