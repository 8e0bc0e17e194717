/* P = T - scale * D^-1 S in place of S = A_F T, on the host (the CPU
 * reference of smooth_prolongator.cu). T is implied by agg and tval: its entry
 * in row i is tval[i] at column agg[i]; S's pattern contains it because A_F
 * has its diagonal. */
#include <stdlib.h>

#include "amg_ops.h"

amg_status amg_smooth_prolongator_host(fmt_tile *s, const double *d, const int32_t *agg, const double *tval,
                                       double scale) {
  if (!s || s->loc != FMT_HOST)
    return amg_error(AMG_ERR_ARG, "smooth_prolongator: need a host matrix");
  for (int32_t ti = 0; ti < s->tile_m; ti++)
    for (int64_t t = s->tile_ptr[ti]; t < s->tile_ptr[ti + 1]; t++)
      for (int64_t k = s->tile_nnz[t]; k < s->tile_nnz[t + 1]; k++) {
        int32_t i = ti * FMT_TILE + (s->idx[k] >> 4), j = s->tile_col[t] * FMT_TILE + (s->idx[k] & 15);
        s->val[k] *= -scale / d[i];
        if (j == agg[i])
          s->val[k] += tval[i];
      }
  return AMG_OK;
}
