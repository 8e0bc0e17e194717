/* A_F on the GPU (CPU reference: filter.c): keep masks (strong bits plus
 * the diagonal) per tile, fmt_tile_select_device, then one thread per row
 * sums its weak entries (times b_j = sqrt(w_j), when w is given) in stored
 * order, divides the sum by b_i, and adds it to A_F's diagonal unless that
 * would leave the diagonal non-positive. */
#include "amg_ops.h"
#include "device_util.cuh"

static __global__ void keep_kernel(int64_t nt, int32_t tile_m, const int64_t *tile_ptr,
                                   const int32_t *tile_col, const uint16_t *mask, const uint16_t *smask,
                                   uint16_t *keep) {
  int64_t g = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  int64_t t = g >> 4;
  if (t >= nt)
    return;
  int r = (int)(g & 15);
  unsigned diag = tile_col[t] == fmt_tile_row_of(tile_ptr, tile_m, t) ? (mask[g] & (1u << r)) : 0;
  keep[g] = (uint16_t)(smask[g] | diag);
}

static __global__ void lump_kernel(int32_t n, const int64_t *a_tile_ptr, const int64_t *a_tile_nnz,
                                   const uint8_t *a_row_ptr, const uint16_t *a_mask, const double *a_val,
                                   const uint16_t *keep, const int64_t *f_tile_ptr,
                                   const int32_t *f_tile_col, const int64_t *f_tile_nnz,
                                   const uint8_t *f_row_ptr, const uint16_t *f_mask, double *f_val,
                                   const int32_t *a_tile_col, const int32_t *w) {
  int32_t i = (int32_t)((int64_t)blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n)
    return;
  int32_t ti = i / FMT_TILE, r = i % FMT_TILE;
  double weak = 0;
  for (int64_t t = a_tile_ptr[ti]; t < a_tile_ptr[ti + 1]; t++) {
    int64_t k = a_tile_nnz[t] + a_row_ptr[FMT_TILE * t + r];
    unsigned kept = keep[FMT_TILE * t + r];
    for (unsigned bits = a_mask[FMT_TILE * t + r]; bits; bits &= bits - 1, k++)
      if (!(kept & (bits & (0u - bits)))) {
        int32_t j = a_tile_col[t] * FMT_TILE + __ffs(bits) - 1;
        weak += w ? __dmul_rn(a_val[k], sqrt((double)w[j])) : a_val[k];
      }
  }
  if (w)
    weak /= sqrt((double)w[i]);
  for (int64_t t = f_tile_ptr[ti]; t < f_tile_ptr[ti + 1]; t++)
    if (f_tile_col[t] == ti) {
      double *diag = &f_val[fmt_tile_entry(f_tile_nnz, f_row_ptr, f_mask, t, r, r)];
      if (*diag + weak > 0) /* else keep the row's own diagonal, as filter.c */
        *diag += weak;
    }
}

extern "C" amg_status amg_filter_device(const fmt_tile *a, const uint16_t *smask, const int32_t *w, fmt_tile **out) {
  *out = NULL;
  if (!a || a->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "filter: need a device matrix");
  uint16_t *keep = NULL;
  fmt_tile *af = NULL;
  amg_status s = AMG_OK;
  AMG_TRY_GOTO(fmt_device_alloc((void **)&keep, (size_t)(FMT_TILE * a->num_tiles) * sizeof *keep), s, done);
  if (a->num_tiles > 0) {
    keep_kernel<<<fmt_blocks(a->num_tiles, 16, 256), 256, 0, fmt_stream()>>>(
        a->num_tiles, a->tile_m, a->tile_ptr, a->tile_col, a->mask, smask, keep);
    AMG_LAUNCH_GOTO(s, done);
  }
  AMG_TRY_GOTO(fmt_tile_select_device(a, keep, &af), s, done);
  if (a->m > 0) {
    lump_kernel<<<fmt_blocks(a->m, 1, 256), 256, 0, fmt_stream()>>>(
        a->m, a->tile_ptr, a->tile_nnz, a->row_ptr, a->mask, a->val, keep, af->tile_ptr, af->tile_col,
        af->tile_nnz, af->row_ptr, af->mask, af->val, a->tile_col, w);
    AMG_LAUNCH_GOTO(s, done);
  }
done:
  fmt_device_free(keep);
  if (s == AMG_OK)
    *out = af;
  else
    fmt_tile_destroy(af);
  return s;
}

FMT_DEVICE_MODULE(keep_kernel);
