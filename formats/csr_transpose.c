/* C = A^T on the host, by counting sort on columns (rows of C stay sorted). */
#include <stdlib.h>

#include "fmt_internal.h"

amg_status fmt_csr_transpose(const fmt_csr *a, fmt_csr **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "csr_transpose: out is NULL");
  *out = NULL;
  if (!a)
    return amg_error(AMG_ERR_ARG, "csr_transpose: a is NULL");
  if (a->loc != FMT_HOST)
    return amg_error(AMG_ERR_ARG, "csr_transpose: need a host matrix");
  fmt_csr *c = NULL;
  int64_t *next = NULL;
  amg_status s = fmt_csr_create(a->n, a->m, a->nnz, FMT_HOST, &c);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&next, (int64_t)a->n + 1, sizeof *next, FMT_HOST);
  if (s != AMG_OK)
    goto done;
  for (int32_t j = 0; j <= a->n; j++)
    c->row_ptr[j] = 0;
  for (int64_t k = 0; k < a->nnz; k++)
    c->row_ptr[a->col[k] + 1]++;
  for (int32_t j = 0; j < a->n; j++)
    c->row_ptr[j + 1] += c->row_ptr[j];
  for (int32_t j = 0; j <= a->n; j++)
    next[j] = c->row_ptr[j];
  for (int32_t i = 0; i < a->m; i++)
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++) {
      int64_t dst = next[a->col[k]]++;
      c->col[dst] = i;
      c->val[dst] = a->val[k];
    }
done:
  free(next);
  if (s != AMG_OK)
    fmt_csr_destroy(c);
  else
    *out = c;
  return s;
}
