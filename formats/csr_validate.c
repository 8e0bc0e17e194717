/* Checks every CSR invariant of a host matrix (see formats.h). */
#include "fmt_internal.h"

amg_status fmt_csr_validate(const fmt_csr *a) {
  if (!a)
    return amg_error(AMG_ERR_ARG, "csr_validate: a is NULL");
  if (a->loc != FMT_HOST)
    return amg_error(AMG_ERR_ARG, "csr_validate: need a host matrix");
  if (a->m < 0 || a->n < 0 || a->nnz < 0)
    return amg_error(AMG_ERR_INVALID_MATRIX, "csr: negative dimension or nnz");
  if (!a->row_ptr || (a->nnz > 0 && (!a->col || !a->val)))
    return amg_error(AMG_ERR_INVALID_MATRIX, "csr: row_ptr, col or val is NULL");
  if (a->row_ptr[0] != 0)
    return amg_error(AMG_ERR_INVALID_MATRIX, "csr: row_ptr[0] = %lld, not 0",
                     (long long)a->row_ptr[0]);
  for (int32_t i = 0; i < a->m; i++) {
    int64_t lo = a->row_ptr[i], hi = a->row_ptr[i + 1];
    if (hi < lo || hi > a->nnz)
      return amg_error(AMG_ERR_INVALID_MATRIX, "csr: row_ptr decreases or overruns at row %d", i);
    for (int64_t k = lo; k < hi; k++) {
      if (a->col[k] < 0 || a->col[k] >= a->n)
        return amg_error(AMG_ERR_INVALID_MATRIX, "csr: column %d out of range in row %d",
                         a->col[k], i);
      if (k > lo && a->col[k] <= a->col[k - 1])
        return amg_error(AMG_ERR_INVALID_MATRIX,
                         "csr: columns not strictly increasing in row %d (%d after %d)", i,
                         a->col[k], a->col[k - 1]);
    }
  }
  if (a->row_ptr[a->m] != a->nnz)
    return amg_error(AMG_ERR_INVALID_MATRIX, "csr: row_ptr[m] = %lld but nnz = %lld",
                     (long long)a->row_ptr[a->m], (long long)a->nnz);
  return AMG_OK;
}
