/* C = A*B in tile format on the host: the three steps in order (and the
 * mirror of a symmetric product). */
#include <stdlib.h>

#include "tile_steps.h"

/* Sum over A's entries a_ik of the entries of B's row k (B's row lengths
 * counted once from its row masks); without memory for those, sum over A's
 * tiles and their columns c of (A's entries in column c) times (the entries
 * of B's row 16 k + c, from its row masks). The same count either way. */
int64_t spgemm_tile_products(const fmt_tile *a, const fmt_tile *b) {
  if (!a || !b || a->loc != FMT_HOST || b->loc != FMT_HOST || a->n != b->m) {
    (void)amg_error(AMG_ERR_ARG, "spgemm_tile_products: need host matrices with A's columns B's rows");
    return -1;
  }
  int64_t products = 0;
  int64_t *b_row = malloc(((size_t)b->m + 1) * sizeof *b_row); /* entries in each row of B */
  if (b_row) { /* each entry a_ik meets B's row k: O(nnz(A) + 16 tiles(B)) */
    for (int32_t k = 0; k < b->m; k++)
      b_row[k] = 0;
    for (int32_t tk = 0; tk < b->tile_m; tk++)
      for (int64_t tb = b->tile_ptr[tk]; tb < b->tile_ptr[tk + 1]; tb++)
        for (int c = 0; c < FMT_TILE && FMT_TILE * tk + c < b->m; c++)
          b_row[FMT_TILE * tk + c] += spgemm_popcount16(b->mask[FMT_TILE * tb + c]);
    for (int32_t ti = 0; ti < a->tile_m; ti++)
      for (int64_t ta = a->tile_ptr[ti]; ta < a->tile_ptr[ti + 1]; ta++)
        for (int64_t ka = a->tile_nnz[ta]; ka < a->tile_nnz[ta + 1]; ka++)
          products += b_row[FMT_TILE * a->tile_col[ta] + (a->idx[ka] & 0xF)];
    free(b_row);
    return products;
  }
  /* no memory for the row counts: each tile's columns against B's tile row */
  for (int32_t ti = 0; ti < a->tile_m; ti++)
    for (int64_t ta = a->tile_ptr[ti]; ta < a->tile_ptr[ti + 1]; ta++) {
      int32_t k = a->tile_col[ta];
      for (int c = 0; c < FMT_TILE; c++) {
        int64_t a_in_col = 0, b_in_row = 0;
        for (int r = 0; r < FMT_TILE; r++)
          a_in_col += (a->mask[FMT_TILE * ta + r] >> c) & 1u;
        if (!a_in_col)
          continue;
        for (int64_t tb = b->tile_ptr[k]; tb < b->tile_ptr[k + 1]; tb++)
          b_in_row += __builtin_popcount(b->mask[FMT_TILE * tb + c]);
        products += a_in_col * b_in_row;
      }
    }
  return products;
}

/* With upper: only C's tiles on and above the diagonal, then mirrored.
 * With bt (B^T), step 3 by dot products. */
static amg_status product(const fmt_tile *a, const fmt_tile *b, const fmt_tile *bt, int upper, fmt_tile **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "spgemm_tile_reference: out is NULL");
  *out = NULL;
  if (!a || !b || a->loc != FMT_HOST || b->loc != FMT_HOST)
    return amg_error(AMG_ERR_ARG, "spgemm_tile_reference: need host matrices");
  if (a->n != b->m)
    return amg_error(AMG_ERR_ARG, "spgemm: inner dimensions differ (%d x %d times %d x %d)", a->m,
                     a->n, b->m, b->n);
  if (upper && a->m != b->n)
    return amg_error(AMG_ERR_ARG, "spgemm: a symmetric product must be square, not %d x %d", a->m, b->n);
  if (bt && !spgemm_transpose_shape(b, bt, FMT_HOST))
    return amg_error(AMG_ERR_ARG, "spgemm_tile_dot_reference: B^T (%d x %d) is not the transpose of B (%d x %d)",
                     bt->m, bt->n, b->m, b->n);
  int64_t *cand_ptr = NULL;
  int32_t *cand_col = NULL;
  fmt_tile *c = NULL;
  amg_status s = spgemm_tile_structure(a, b, upper, &cand_ptr, &cand_col);
  if (s == AMG_OK)
    s = spgemm_tile_symbolic(a, b, cand_ptr, cand_col, &c);
  if (s == AMG_OK)
    s = bt ? spgemm_tile_numeric_dot(a, bt, c) : spgemm_tile_numeric(a, b, c);
  if (s == AMG_OK && upper) {
    fmt_tile *u = c;
    s = fmt_tile_mirror_upper(u, &c);
    fmt_tile_destroy(u);
  }
  free(cand_ptr);
  free(cand_col);
  if (s == AMG_OK)
    *out = c;
  else
    fmt_tile_destroy(c);
  return s;
}

amg_status spgemm_tile_reference(const fmt_tile *a, const fmt_tile *b, fmt_tile **out) {
  return product(a, b, NULL, 0, out);
}

amg_status spgemm_tile_dot_reference(const fmt_tile *a, const fmt_tile *b, const fmt_tile *bt, fmt_tile **out) {
  return product(a, b, bt, 0, out);
}

amg_status spgemm_tile_symmetric_reference(const fmt_tile *a, const fmt_tile *b, fmt_tile **out) {
  return product(a, b, NULL, 1, out);
}
