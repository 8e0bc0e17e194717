/* CSR matrix allocation and destruction (host or device arrays). */
#include <stdlib.h>

#include "fmt_internal.h"

amg_status fmt_csr_create(int32_t m, int32_t n, int64_t nnz, fmt_location loc, fmt_csr **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "csr_create: out is NULL");
  *out = NULL;
  if (m < 0 || n < 0 || nnz < 0)
    return amg_error(AMG_ERR_ARG, "csr_create: negative size %d x %d, nnz %lld", m, n,
                     (long long)nnz);
  if (m > FMT_MAX_DIM || n > FMT_MAX_DIM)
    return amg_error(AMG_ERR_OVERFLOW, "csr_create: %d x %d is over the largest size, %d rows or columns", m,
                     n, FMT_MAX_DIM);
  fmt_csr *a = calloc(1, sizeof *a);
  if (!a)
    return amg_error(AMG_ERR_NOMEM, "csr_create: out of host memory");
  a->m = m;
  a->n = n;
  a->nnz = nnz;
  a->loc = loc;
  amg_status s = fmt_alloc((void **)&a->row_ptr, (int64_t)m + 1, sizeof *a->row_ptr, loc);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&a->col, nnz, sizeof *a->col, loc);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&a->val, nnz, sizeof *a->val, loc);
  if (s != AMG_OK) {
    fmt_csr_destroy(a);
    return s;
  }
  *out = a;
  return AMG_OK;
}

void fmt_csr_destroy(fmt_csr *a) {
  if (!a)
    return;
  fmt_free(a->row_ptr, a->loc);
  fmt_free(a->col, a->loc);
  fmt_free(a->val, a->loc);
  free(a);
}
