/* Rejects NaN and Inf values, naming the first offending entry. */
#include <math.h>

#include "fmt_internal.h"

amg_status fmt_csr_check_finite(const fmt_csr *a) {
  if (!a)
    return amg_error(AMG_ERR_ARG, "csr_check_finite: a is NULL");
  if (a->loc != FMT_HOST)
    return amg_error(AMG_ERR_ARG, "csr_check_finite: need a host matrix");
  for (int32_t i = 0; i < a->m; i++)
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
      if (!isfinite(a->val[k]))
        return amg_error(AMG_ERR_NONFINITE, "matrix entry (%d, %d) is %g (1-based %d, %d)", i,
                         a->col[k], a->val[k], i + 1, a->col[k] + 1);
  return AMG_OK;
}
