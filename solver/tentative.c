/* Tentative prolongator T on the host (the CPU reference of tentative.cu):
 * one entry tval[i] per aggregated row, in column agg[i] (tval from
 * amg_nullspace_coarsen, so each column has unit 2-norm). Built as CSR, then
 * packed into tiles. */
#include <stdlib.h>

#include "amg_ops.h"

amg_status amg_tentative_host(const int32_t *agg, const double *tval, int32_t n, int32_t count,
                              fmt_tile **out) {
  *out = NULL;
  int64_t nnz = 0;
  for (int32_t i = 0; i < n; i++)
    if (agg[i] >= 0) {
      if (agg[i] >= count)
        return amg_error(AMG_ERR_ARG, "tentative: node %d in aggregate %d of %d", i, agg[i], count);
      nnz++;
    }
  fmt_csr *t = NULL;
  amg_status s = fmt_csr_create(n, count, nnz, FMT_HOST, &t);
  if (s == AMG_OK) {
    int64_t k = 0;
    t->row_ptr[0] = 0;
    for (int32_t i = 0; i < n; i++) {
      if (agg[i] >= 0) {
        t->col[k] = agg[i];
        t->val[k++] = tval[i];
      }
      t->row_ptr[i + 1] = k;
    }
    s = fmt_tile_from_csr(t, out);
  }
  fmt_csr_destroy(t);
  return s;
}
