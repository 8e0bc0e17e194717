/* Diagonal, symmetric strength of connection and the coupled test on the
 * GPU (CPU reference: strength.c). Diagonal: one thread per row
 * binary-searches its tile row for the diagonal tile; a bad row is reported
 * through an integer atomicMin, so the error names the first bad row
 * whatever the timing. Strength: a half-warp per tile, lane r filters row
 * r's mask by the strength test. Coupled: the same layout; any lane that
 * meets a nonzero off the diagonal stores 1 (every store the same value). */
#include <math.h>

#include "amg_ops.h"
#include "device_util.cuh"

static __global__ void diagonal_kernel(int32_t n, const int64_t *tile_ptr, const int32_t *tile_col,
                                       const int64_t *tile_nnz, const uint8_t *row_ptr,
                                       const uint16_t *mask, const double *val, double *d,
                                       int32_t *first_bad) {
  int32_t i = (int32_t)((int64_t)blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n)
    return;
  int32_t ti = i / FMT_TILE, r = i % FMT_TILE;
  /* the diagonal tile, if stored */
  int64_t lo = fmt_lower_bound(tile_col, tile_ptr[ti], tile_ptr[ti + 1], ti);
  double v = NAN;
  if (lo < tile_ptr[ti + 1] && tile_col[lo] == ti) {
    if ((mask[FMT_TILE * lo + r] >> r) & 1u)
      v = val[fmt_tile_entry(tile_nnz, row_ptr, mask, lo, r, r)];
  }
  d[i] = v;
  if (!amg_diagonal_usable(v))
    atomicMin(first_bad, i);
}

static __global__ void strength_kernel(int64_t nt, int32_t tile_m, const int64_t *tile_ptr,
                                       const int32_t *tile_col, const int64_t *tile_nnz,
                                       const uint8_t *row_ptr, const uint16_t *mask, const double *val,
                                       const double *d, double theta, uint16_t *smask) {
  int64_t t = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 4;
  if (t >= nt)
    return;
  int r = threadIdx.x & 15;
  int32_t i = fmt_tile_row_of(tile_ptr, tile_m, t) * FMT_TILE + r;
  int64_t k = tile_nnz[t] + row_ptr[FMT_TILE * t + r];
  unsigned strong = 0;
  for (unsigned bits = mask[FMT_TILE * t + r]; bits; bits &= bits - 1, k++) {
    int c = __ffs(bits) - 1;
    int32_t j = tile_col[t] * FMT_TILE + c;
    double v = val[k];
    if (i != j && v != 0.0 && fabs(v) >= theta * (sqrt(fabs(d[i])) * sqrt(fabs(d[j]))))
      strong |= 1u << c;
  }
  smask[FMT_TILE * t + r] = (uint16_t)strong;
}

static __global__ void coupled_kernel(int64_t nt, int32_t tile_m, const int64_t *tile_ptr,
                                      const int32_t *tile_col, const int64_t *tile_nnz, const uint8_t *row_ptr,
                                      const uint16_t *mask, const double *val, int32_t *coupled) {
  int64_t t = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 4;
  if (t >= nt)
    return;
  int r = threadIdx.x & 15;
  int diagonal_tile = tile_col[t] == fmt_tile_row_of(tile_ptr, tile_m, t);
  int64_t k = tile_nnz[t] + row_ptr[FMT_TILE * t + r];
  for (unsigned bits = mask[FMT_TILE * t + r]; bits; bits &= bits - 1, k++)
    if ((!diagonal_tile || __ffs(bits) - 1 != r) && val[k] != 0.0) {
      *coupled = 1;
      return;
    }
}

extern "C" amg_status amg_diagonal_device(const fmt_tile *a, double *d) {
  if (!a || a->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "diagonal: need a device matrix");
  if (a->m != a->n)
    return amg_error(AMG_ERR_NOT_SQUARE, "diagonal: matrix is %d x %d, not square", a->m, a->n);
  int32_t bad = INT32_MAX;
  amg_status s = fmt_device_answer(INT32_MAX, &bad, [&](int32_t *first_bad) {
    if (a->m > 0) {
      diagonal_kernel<<<fmt_blocks(a->m, 1, 256), 256, 0, fmt_stream()>>>(
          a->m, a->tile_ptr, a->tile_col, a->tile_nnz, a->row_ptr, a->mask, a->val, d, first_bad);
      AMG_CUDA_TRY(cudaGetLastError());
    }
    return AMG_OK;
  });
  if (s != AMG_OK || bad == INT32_MAX)
    return s;
  double v = 0;
  s = fmt_copy(&v, FMT_HOST, d + bad, FMT_DEVICE, sizeof v);
  return s != AMG_OK ? s : amg_bad_diagonal(bad, v);
}

extern "C" amg_status amg_strength_device(const fmt_tile *a, const double *d, double theta, uint16_t *smask) {
  if (!a || a->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "strength: need a device matrix");
  if (a->num_tiles == 0)
    return AMG_OK;
  strength_kernel<<<fmt_blocks(a->num_tiles, 16, 256), 256, 0, fmt_stream()>>>(
      a->num_tiles, a->tile_m, a->tile_ptr, a->tile_col, a->tile_nnz, a->row_ptr, a->mask, a->val, d,
      theta, smask);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

extern "C" amg_status amg_coupled_device(const fmt_tile *a, int *coupled) {
  if (!a || a->loc != FMT_DEVICE || !coupled)
    return amg_error(AMG_ERR_ARG, "coupled: need a device matrix and a result");
  int32_t found = 0;
  amg_status s = fmt_device_answer(0, &found, [&](int32_t *flag) {
    if (a->num_tiles > 0) {
      coupled_kernel<<<fmt_blocks(a->num_tiles, 16, 256), 256, 0, fmt_stream()>>>(
          a->num_tiles, a->tile_m, a->tile_ptr, a->tile_col, a->tile_nnz, a->row_ptr, a->mask, a->val, flag);
      AMG_CUDA_TRY(cudaGetLastError());
    }
    return AMG_OK;
  });
  *coupled = s == AMG_OK && found != 0;
  return s;
}

FMT_DEVICE_MODULE(diagonal_kernel);
