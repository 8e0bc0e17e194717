/* Step 3 on the host by dot products (the reference of tile_numeric_dot.cu):
 * C tile (ti, tj)'s entry (r, c) is the sum, over the pairs (A_ik, B^T_jk)
 * in increasing k, of row r of A_ik dotted with row c of B^T_jk (column c
 * of B_kj), term by term in increasing inner index. */
#include "tile_steps.h"

/* Row r of A tile ta dotted with row c of B^T tile tb, added to acc. */
static double dot_rows(double acc, const fmt_tile *a, int64_t ta, int r, const fmt_tile *bt, int64_t tb, int c) {
  unsigned am = a->mask[FMT_TILE * ta + r], bm = bt->mask[FMT_TILE * tb + c];
  const double *av = a->val + a->tile_nnz[ta] + a->row_ptr[FMT_TILE * ta + r];
  const double *bv = bt->val + bt->tile_nnz[tb] + bt->row_ptr[FMT_TILE * tb + c];
  for (unsigned common = am & bm; common; common &= common - 1) {
    unsigned below = (common - 1) & ~common;
    acc += av[__builtin_popcount(am & below)] * bv[__builtin_popcount(bm & below)];
  }
  return acc;
}

amg_status spgemm_tile_numeric_dot(const fmt_tile *a, const fmt_tile *bt, fmt_tile *c) {
  for (int32_t ti = 0; ti < c->tile_m; ti++)
    for (int64_t t = c->tile_ptr[ti]; t < c->tile_ptr[ti + 1]; t++) {
      int32_t tj = c->tile_col[t];
      int64_t k = c->tile_nnz[t];
      for (int r = 0; r < FMT_TILE; r++)
        for (unsigned bits = c->mask[FMT_TILE * t + r]; bits; bits &= bits - 1, k++) {
          int col = __builtin_ctz(bits);
          double acc = 0.0;
          /* the pairs: A's tile row ti and B^T's tile row tj, merged by k */
          int64_t pa = a->tile_ptr[ti], pb = bt->tile_ptr[tj];
          while (pa < a->tile_ptr[ti + 1] && pb < bt->tile_ptr[tj + 1]) {
            if (a->tile_col[pa] < bt->tile_col[pb])
              pa++;
            else if (a->tile_col[pa] > bt->tile_col[pb])
              pb++;
            else
              acc = dot_rows(acc, a, pa++, r, bt, pb++, col);
          }
          c->idx[k] = (uint8_t)((r << 4) | col);
          c->val[k] = acc;
        }
    }
  return AMG_OK;
}
