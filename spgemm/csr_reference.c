/* C = A*B, row-by-row Gustavson on host CSR, the simplest correct product.
 * A symbolic pass counts each row with a generation marker, a numeric pass
 * accumulates in a dense row and gathers the sorted columns. */
#include <stdlib.h>

#include "spgemm.h"

int64_t spgemm_csr_products(const fmt_csr *a, const fmt_csr *b) {
  if (!a || !b || a->loc != FMT_HOST || b->loc != FMT_HOST || a->n != b->m) {
    (void)amg_error(AMG_ERR_ARG, "spgemm_csr_products: need host matrices with A's columns B's rows");
    return -1;
  }
  int64_t products = 0;
  for (int64_t k = 0; k < a->nnz; k++)
    products += b->row_ptr[a->col[k] + 1] - b->row_ptr[a->col[k]];
  return products;
}

amg_status spgemm_csr_reference(const fmt_csr *a, const fmt_csr *b, fmt_csr **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "spgemm_csr_reference: out is NULL");
  *out = NULL;
  if (!a || !b || a->loc != FMT_HOST || b->loc != FMT_HOST)
    return amg_error(AMG_ERR_ARG, "spgemm_csr_reference: need host matrices");
  if (a->n != b->m)
    return amg_error(AMG_ERR_ARG, "spgemm: inner dimensions differ (%d x %d times %d x %d)", a->m,
                     a->n, b->m, b->n);
  int32_t *marker = malloc(((size_t)b->n + 1) * sizeof *marker);
  double *acc = malloc(((size_t)b->n + 1) * sizeof *acc);
  int64_t *row_ptr = malloc(((size_t)a->m + 1) * sizeof *row_ptr);
  fmt_csr *c = NULL;
  amg_status s = AMG_OK;
  if (!marker || !acc || !row_ptr) {
    s = amg_error(AMG_ERR_NOMEM, "spgemm_csr_reference: out of host memory");
    goto done;
  }
  for (int32_t j = 0; j < b->n; j++)
    marker[j] = -1;
  row_ptr[0] = 0;
  for (int32_t i = 0; i < a->m; i++) {
    int64_t count = 0;
    for (int64_t ka = a->row_ptr[i]; ka < a->row_ptr[i + 1]; ka++)
      for (int64_t kb = b->row_ptr[a->col[ka]]; kb < b->row_ptr[a->col[ka] + 1]; kb++)
        if (marker[b->col[kb]] != i) {
          marker[b->col[kb]] = i;
          count++;
        }
    row_ptr[i + 1] = row_ptr[i] + count;
  }
  s = fmt_csr_create(a->m, b->n, row_ptr[a->m], FMT_HOST, &c);
  if (s != AMG_OK)
    goto done;
  for (int32_t j = 0; j < b->n; j++)
    marker[j] = -1;
  for (int32_t i = 0; i <= a->m; i++)
    c->row_ptr[i] = row_ptr[i];
  for (int32_t i = 0; i < a->m; i++) {
    int64_t len = 0, base = c->row_ptr[i];
    for (int64_t ka = a->row_ptr[i]; ka < a->row_ptr[i + 1]; ka++)
      for (int64_t kb = b->row_ptr[a->col[ka]]; kb < b->row_ptr[a->col[ka] + 1]; kb++) {
        int32_t j = b->col[kb];
        if (marker[j] != i) {
          marker[j] = i;
          acc[j] = 0.0;
          c->col[base + len++] = j;
        }
        acc[j] += a->val[ka] * b->val[kb];
      }
    fmt_sort_int32(c->col + base, (size_t)len);
    for (int64_t k = base; k < base + len; k++)
      c->val[k] = acc[c->col[k]];
  }
done:
  free(marker);
  free(acc);
  free(row_ptr);
  if (s == AMG_OK)
    *out = c;
  else
    fmt_csr_destroy(c);
  return s;
}
