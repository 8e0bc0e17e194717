/* Step 3 on the host: each C tile accumulates, over its matched pairs in
 * increasing k and A's entries in stored order, a * (row c of B_kj), each
 * entry starting at 0.
 *
 * The pairs are enumerated one C tile row at a time (Gustavson over tiles,
 * as step 2): A's tiles of the row in increasing k, and for each, the tiles
 * of B's tile row k, found among the row's C tiles through a dense map from
 * tile column to tile. A C tile (i, j) meets at most one pair per k, so its
 * pairs still come in increasing k, and each entry sums the same terms in
 * the same order as when each C tile matched A's tile row against B's tile
 * column: the result is bitwise the same, at O(pairs) instead of O(tiles of
 * C * list length). A pair whose column is not among
 * C's tiles (a dropped candidate, or left of the diagonal in a symmetric
 * product) adds nothing to C and is skipped.
 *
 * The accumulator, per C tile row: where the row's tiles average more than
 * DENSE_ENTRIES entries and are at most DENSE_TILES, a dense 16x16 array
 * per tile, gathered through the mask at the end of the row; elsewhere
 * (tiles of about one entry, as random graphs give, where clearing 256
 * slots per tile would dominate) C's values themselves, indexed through
 * C's masks. Both add the same products in the same order. */
#include <stdlib.h>

#include "tile_steps.h"

#define DENSE_ENTRIES 32
#define DENSE_TILES 4096 /* 8 MiB of accumulators */

/* Adds A_ik * B_kj into C tile t's values (compact accumulator). */
static void multiply_pair(const fmt_tile *a, int64_t ta, const fmt_tile *b, int64_t tb, fmt_tile *c, int64_t t) {
  for (int64_t ka = a->tile_nnz[ta]; ka < a->tile_nnz[ta + 1]; ka++) {
    int r = a->idx[ka] >> 4, cc = a->idx[ka] & 0xF;
    int64_t kb = b->tile_nnz[tb] + b->row_ptr[FMT_TILE * tb + cc];
    int len = spgemm_popcount16(b->mask[FMT_TILE * tb + cc]);
    unsigned row_mask = c->mask[FMT_TILE * t + r];
    double *row = c->val + c->tile_nnz[t] + c->row_ptr[FMT_TILE * t + r];
    for (int e = 0; e < len; e++)
      row[spgemm_popcount16(row_mask & ((1u << (b->idx[kb + e] & 0xF)) - 1u))] += a->val[ka] * b->val[kb + e];
  }
}

/* Adds A_ik * B_kj into a dense 16x16 accumulator. */
static void multiply_pair_dense(const fmt_tile *a, int64_t ta, const fmt_tile *b, int64_t tb, double *acc) {
  for (int64_t ka = a->tile_nnz[ta]; ka < a->tile_nnz[ta + 1]; ka++) {
    int r = a->idx[ka] >> 4, cc = a->idx[ka] & 0xF;
    int64_t kb = b->tile_nnz[tb] + b->row_ptr[FMT_TILE * tb + cc];
    int len = spgemm_popcount16(b->mask[FMT_TILE * tb + cc]);
    for (int e = 0; e < len; e++)
      acc[FMT_TILE * r + (b->idx[kb + e] & 0xF)] += a->val[ka] * b->val[kb + e];
  }
}

/* Whether C's tile row ti takes the dense accumulators (above). */
static int dense_row(const fmt_tile *c, int32_t ti) {
  int64_t t0 = c->tile_ptr[ti], t1 = c->tile_ptr[ti + 1];
  return t1 - t0 <= DENSE_TILES && c->tile_nnz[t1] - c->tile_nnz[t0] > DENSE_ENTRIES * (t1 - t0);
}

amg_status spgemm_tile_numeric(const fmt_tile *a, const fmt_tile *b, fmt_tile *c) {
  int64_t *slot = malloc(((size_t)b->tile_n + 1) * sizeof *slot); /* C's tile of tile column j in this row, or -1 */
  int64_t dense_tiles = 0; /* the longest row that takes the dense accumulators */
  for (int32_t ti = 0; ti < c->tile_m; ti++)
    if (dense_row(c, ti) && c->tile_ptr[ti + 1] - c->tile_ptr[ti] > dense_tiles)
      dense_tiles = c->tile_ptr[ti + 1] - c->tile_ptr[ti];
  double *acc = malloc(((size_t)dense_tiles * FMT_TILE * FMT_TILE + 1) * sizeof *acc);
  if (!slot || !acc) {
    free(slot);
    free(acc);
    return amg_error(AMG_ERR_NOMEM, "tile_numeric: out of host memory");
  }
  for (int32_t j = 0; j < b->tile_n; j++)
    slot[j] = -1;
  for (int32_t ti = 0; ti < c->tile_m; ti++) {
    int64_t t0 = c->tile_ptr[ti], t1 = c->tile_ptr[ti + 1];
    int dense = dense_row(c, ti);
    for (int64_t t = t0; t < t1; t++) {
      slot[c->tile_col[t]] = t;
      if (dense)
        for (int e = 0; e < FMT_TILE * FMT_TILE; e++)
          acc[FMT_TILE * FMT_TILE * (t - t0) + e] = 0.0;
      else
        for (int64_t k = c->tile_nnz[t]; k < c->tile_nnz[t + 1]; k++)
          c->val[k] = 0.0;
    }
    for (int64_t ta = a->tile_ptr[ti]; ta < a->tile_ptr[ti + 1]; ta++) {
      int32_t k = a->tile_col[ta];
      for (int64_t tb = b->tile_ptr[k]; tb < b->tile_ptr[k + 1]; tb++) {
        int64_t t = slot[b->tile_col[tb]];
        if (t < 0)
          continue;
        if (dense)
          multiply_pair_dense(a, ta, b, tb, acc + FMT_TILE * FMT_TILE * (t - t0));
        else
          multiply_pair(a, ta, b, tb, c, t);
      }
    }
    for (int64_t t = t0; t < t1; t++) {
      slot[c->tile_col[t]] = -1;
      int64_t k = c->tile_nnz[t];
      for (int r = 0; r < FMT_TILE; r++)
        for (uint16_t bits = c->mask[FMT_TILE * t + r]; bits; bits &= (uint16_t)(bits - 1), k++) {
          int cc = __builtin_ctz(bits);
          c->idx[k] = (uint8_t)((r << 4) | cc);
          if (dense)
            c->val[k] = acc[FMT_TILE * FMT_TILE * (t - t0) + FMT_TILE * r + cc];
        }
    }
  }
  free(slot);
  free(acc);
  return AMG_OK;
}
