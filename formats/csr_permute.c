/* B = P A P^T on the host: B(i, j) = A(perm[i], perm[j]). Rows are gathered
 * with their columns renamed, then each row is sorted by column: insertion
 * for short rows, qsort of (column, value) pairs for long ones. */
#include <stdlib.h>

#include "fmt_internal.h"

typedef struct entry {
  int32_t col;
  double val;
} entry;

static int by_column(const void *x, const void *y) {
  int32_t a = ((const entry *)x)->col, b = ((const entry *)y)->col;
  return (a > b) - (a < b);
}

/* Sorts row [lo, hi) of c by column; scratch holds hi - lo entries. */
static void sort_row(fmt_csr *c, int64_t lo, int64_t hi, entry *scratch) {
  if (hi - lo <= 32) {
    for (int64_t k = lo + 1; k < hi; k++) {
      int32_t col = c->col[k];
      double val = c->val[k];
      int64_t j = k;
      for (; j > lo && c->col[j - 1] > col; j--) {
        c->col[j] = c->col[j - 1];
        c->val[j] = c->val[j - 1];
      }
      c->col[j] = col;
      c->val[j] = val;
    }
    return;
  }
  for (int64_t k = lo; k < hi; k++)
    scratch[k - lo] = (entry){c->col[k], c->val[k]};
  qsort(scratch, (size_t)(hi - lo), sizeof *scratch, by_column);
  for (int64_t k = lo; k < hi; k++) {
    c->col[k] = scratch[k - lo].col;
    c->val[k] = scratch[k - lo].val;
  }
}

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
  entry *scratch = NULL;
  fmt_csr *b = NULL;
  int64_t longest = 0;
  amg_status s = fmt_alloc((void **)&inverse, (int64_t)n + 1, sizeof *inverse, FMT_HOST);
  if (s != AMG_OK)
    return s;
  for (int32_t i = 0; i < n; i++) {
    inverse[i] = -1;
    longest = a->row_ptr[i + 1] - a->row_ptr[i] > longest ? a->row_ptr[i + 1] - a->row_ptr[i] : longest;
  }
  for (int32_t i = 0; i < n; i++) {
    if (perm[i] < 0 || perm[i] >= n || inverse[perm[i]] >= 0) {
      s = amg_error(AMG_ERR_ARG, "csr_permute: perm[%d] = %d is %s", i, perm[i],
                    perm[i] < 0 || perm[i] >= n ? "out of range" : "repeated");
      goto done;
    }
    inverse[perm[i]] = i;
  }
  s = fmt_csr_create(n, n, a->nnz, FMT_HOST, &b);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&scratch, longest + 1, sizeof *scratch, FMT_HOST);
  if (s != AMG_OK)
    goto done;
  b->row_ptr[0] = 0;
  for (int32_t i = 0; i < n; i++) {
    int64_t dst = b->row_ptr[i];
    for (int64_t k = a->row_ptr[perm[i]]; k < a->row_ptr[perm[i] + 1]; k++, dst++) {
      b->col[dst] = inverse[a->col[k]];
      b->val[dst] = a->val[k];
    }
    b->row_ptr[i + 1] = dst;
    sort_row(b, b->row_ptr[i], dst, scratch);
  }
  *out = b;
  b = NULL;
done:
  free(inverse);
  free(scratch);
  fmt_csr_destroy(b);
  return s;
}
