/* Diagonal and symmetric strength of connection on the host (the CPU
 * reference of strength.cu). Entry (r, c) of tile t is found through the
 * masks: offset tile_nnz[t] + row_ptr[16t + r] + popcount(mask below c). */
#include <math.h>

#include "amg_ops.h"

/* Value of A's entry (i, i), or NAN if it is not stored. */
static double diagonal_entry(const fmt_tile *a, int32_t i) {
  int32_t ti = i / FMT_TILE, r = i % FMT_TILE;
  for (int64_t t = a->tile_ptr[ti]; t < a->tile_ptr[ti + 1]; t++) {
    if (a->tile_col[t] != ti)
      continue;
    if (!((a->mask[FMT_TILE * t + r] >> r) & 1u))
      return NAN;
    return a->val[fmt_tile_entry(a->tile_nnz, a->row_ptr, a->mask, t, r, r)];
  }
  return NAN;
}

amg_status amg_diagonal_host(const fmt_tile *a, double *d) {
  if (!a || a->loc != FMT_HOST)
    return amg_error(AMG_ERR_ARG, "diagonal: need a host matrix");
  if (a->m != a->n)
    return amg_error(AMG_ERR_NOT_SQUARE, "diagonal: matrix is %d x %d, not square", a->m, a->n);
  for (int32_t i = 0; i < a->m; i++) {
    d[i] = diagonal_entry(a, i);
    if (!amg_diagonal_usable(d[i]))
      return amg_bad_diagonal(i, d[i]);
  }
  return AMG_OK;
}

amg_status amg_bad_diagonal(int32_t i, double v) {
  if (v > 0 && isfinite(v))
    return amg_error(AMG_ERR_BAD_DIAGONAL,
                     "row %d (1-based %d): diagonal entry is %g, too small to invert in double precision "
                     "(1/a_ii overflows); rescale the matrix",
                     i, i + 1, v);
  return amg_error(AMG_ERR_BAD_DIAGONAL,
                   "row %d (1-based %d): diagonal entry is %s%g; " AMG_NOT_POSITIVE_DIAGONAL,
                   i, i + 1, isnan(v) ? "missing or " : "", v);
}

amg_status amg_strength_host(const fmt_tile *a, const double *d, double theta, uint16_t *smask) {
  if (!a || a->loc != FMT_HOST)
    return amg_error(AMG_ERR_ARG, "strength: need a host matrix");
  for (int32_t ti = 0; ti < a->tile_m; ti++)
    for (int64_t t = a->tile_ptr[ti]; t < a->tile_ptr[ti + 1]; t++)
      for (int r = 0; r < FMT_TILE; r++) {
        int32_t i = ti * FMT_TILE + r;
        uint16_t strong = 0;
        int64_t k = a->tile_nnz[t] + a->row_ptr[FMT_TILE * t + r];
        for (unsigned bits = a->mask[FMT_TILE * t + r]; bits; bits &= bits - 1, k++) {
          int c = __builtin_ctz(bits);
          int32_t j = a->tile_col[t] * FMT_TILE + c;
          double v = a->val[k];
          if (i != j && v != 0.0 && fabs(v) >= theta * (sqrt(fabs(d[i])) * sqrt(fabs(d[j]))))
            strong |= (uint16_t)(1u << c);
        }
        smask[FMT_TILE * t + r] = strong;
      }
  return AMG_OK;
}

amg_status amg_coupled_host(const fmt_tile *a, int *coupled) {
  if (!a || a->loc != FMT_HOST || !coupled)
    return amg_error(AMG_ERR_ARG, "coupled: need a host matrix and a result");
  *coupled = 0;
  for (int32_t ti = 0; ti < a->tile_m; ti++)
    for (int64_t t = a->tile_ptr[ti]; t < a->tile_ptr[ti + 1]; t++)
      for (int r = 0; r < FMT_TILE; r++) {
        int64_t k = a->tile_nnz[t] + a->row_ptr[FMT_TILE * t + r];
        for (unsigned bits = a->mask[FMT_TILE * t + r]; bits; bits &= bits - 1, k++)
          if ((a->tile_col[t] != ti || __builtin_ctz(bits) != r) && a->val[k] != 0.0) {
            *coupled = 1;
            return AMG_OK;
          }
      }
  return AMG_OK;
}
