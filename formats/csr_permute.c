/* B = P A P^T on the host: B(i, j) = A(perm[i], perm[j]). Rows are gathered
 * with their columns renamed, then sorted by transposing twice (each
 * transpose is a counting sort). */
#include <stdlib.h>

#include "fmt_internal.h"

amg_status fmt_csr_permute(const fmt_csr *a, const int32_t *perm, fmt_csr **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "csr_permute: out is NULL");
  *out = NULL;
  if (!a || !perm)
    return amg_error(AMG_ERR_ARG, "csr_permute: %s is NULL", a ? "perm" : "a");
  if (a->loc != FMT_HOST || a->m != a->n)
    return amg_error(AMG_ERR_ARG, "csr_permute: need a square host matrix, not %d x %d", a->m, a->n);
  int32_t n = a->m;
  int32_t *inverse = NULL;
  fmt_csr *gathered = NULL, *t = NULL;
  amg_status s = fmt_alloc((void **)&inverse, (int64_t)n + 1, sizeof *inverse, FMT_HOST);
  if (s != AMG_OK)
    return s;
  for (int32_t i = 0; i < n; i++)
    inverse[i] = -1;
  for (int32_t i = 0; i < n; i++) {
    if (perm[i] < 0 || perm[i] >= n || inverse[perm[i]] >= 0) {
      s = amg_error(AMG_ERR_ARG, "csr_permute: perm[%d] = %d is %s", i, perm[i],
                    perm[i] < 0 || perm[i] >= n ? "out of range" : "repeated");
      goto done;
    }
    inverse[perm[i]] = i;
  }
  s = fmt_csr_create(n, n, a->nnz, FMT_HOST, &gathered);
  if (s != AMG_OK)
    goto done;
  gathered->row_ptr[0] = 0;
  for (int32_t i = 0; i < n; i++) {
    int64_t dst = gathered->row_ptr[i];
    for (int64_t k = a->row_ptr[perm[i]]; k < a->row_ptr[perm[i] + 1]; k++, dst++) {
      gathered->col[dst] = inverse[a->col[k]];
      gathered->val[dst] = a->val[k];
    }
    gathered->row_ptr[i + 1] = dst;
  }
  s = fmt_csr_transpose(gathered, &t);
  if (s == AMG_OK)
    s = fmt_csr_transpose(t, out);
done:
  free(inverse);
  fmt_csr_destroy(gathered);
  fmt_csr_destroy(t);
  return s;
}
