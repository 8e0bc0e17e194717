/* A_F on the host (the CPU reference of filter.cu): A's strong entries and
 * its diagonal, with each row's weak off-diagonal entries lumped into the
 * diagonal so that A_F b = A b for the level's near-null vector b = sqrt(w)
 * (w == NULL means b = 1, and then the weak entries are simply added: row
 * sums are kept). Row i's diagonal gains (sum of weak a_ij b_j, in stored
 * order) / b_i, unless that would make it non-positive. */
#include <math.h>
#include <stdlib.h>

#include "amg_ops.h"

amg_status amg_filter_host(const fmt_tile *a, const uint16_t *smask, const int32_t *w, fmt_tile **out) {
  *out = NULL;
  if (!a || a->loc != FMT_HOST)
    return amg_error(AMG_ERR_ARG, "filter: need a host matrix");
  uint16_t *keep = malloc(((size_t)FMT_TILE * a->num_tiles + 1) * sizeof *keep);
  if (!keep)
    return amg_error(AMG_ERR_NOMEM, "filter: out of host memory");
  for (int32_t ti = 0; ti < a->tile_m; ti++)
    for (int64_t t = a->tile_ptr[ti]; t < a->tile_ptr[ti + 1]; t++)
      for (int r = 0; r < FMT_TILE; r++) {
        unsigned diag = a->tile_col[t] == ti ? (a->mask[FMT_TILE * t + r] & (1u << r)) : 0;
        keep[FMT_TILE * t + r] = (uint16_t)(smask[FMT_TILE * t + r] | diag);
      }
  fmt_tile *af = NULL;
  amg_status s = fmt_tile_select(a, keep, &af);
  for (int32_t ti = 0; s == AMG_OK && ti < a->tile_m; ti++)
    for (int r = 0; r < FMT_TILE && ti * FMT_TILE + r < a->m; r++) {
      int32_t i = ti * FMT_TILE + r;
      double weak = 0;
      for (int64_t t = a->tile_ptr[ti]; t < a->tile_ptr[ti + 1]; t++) {
        int64_t k = a->tile_nnz[t] + a->row_ptr[FMT_TILE * t + r];
        for (unsigned bits = a->mask[FMT_TILE * t + r]; bits; bits &= bits - 1, k++)
          if (!(keep[FMT_TILE * t + r] & (bits & -bits))) {
            int32_t j = a->tile_col[t] * FMT_TILE + (a->idx[k] & 15);
            weak += w ? a->val[k] * sqrt((double)w[j]) : a->val[k];
          }
      }
      if (w)
        weak /= sqrt((double)w[i]);
      for (int64_t t = af->tile_ptr[ti]; t < af->tile_ptr[ti + 1]; t++)
        if (af->tile_col[t] == ti) {
          double *diag = &af->val[fmt_tile_entry(af->tile_nnz, af->row_ptr, af->mask, t, r, r)];
          if (*diag + weak > 0)
            *diag += weak;
        }
    }
  free(keep);
  if (s == AMG_OK)
    *out = af;
  return s;
}
