/* Step 3 on the host: each C tile accumulates, over its matched pairs in
 * increasing k and A's entries in stored order, a * (row c of B_kj) into a
 * dense 16x16 accumulator, then gathers the entries its mask names. */
#include <stdlib.h>

#include "tile_steps.h"

static void multiply_pair(const fmt_tile *a, int64_t ta, const fmt_tile *b, int64_t tb, double *acc) {
  for (int64_t ka = a->tile_nnz[ta]; ka < a->tile_nnz[ta + 1]; ka++) {
    int r = a->idx[ka] >> 4, c = a->idx[ka] & 0xF;
    int64_t kb = b->tile_nnz[tb] + b->row_ptr[FMT_TILE * tb + c];
    int len = __builtin_popcount(b->mask[FMT_TILE * tb + c]);
    for (int e = 0; e < len; e++)
      acc[FMT_TILE * r + (b->idx[kb + e] & 0xF)] += a->val[ka] * b->val[kb + e];
  }
}

amg_status spgemm_tile_numeric(const fmt_tile *a, const fmt_tile *b, const fmt_tile_columns *bc,
                               fmt_tile *c) {
  int64_t max_pairs = a->tile_n < b->tile_m ? a->tile_n : b->tile_m;
  int64_t *pair_a = malloc(((size_t)max_pairs + 1) * sizeof *pair_a);
  int64_t *pair_b = malloc(((size_t)max_pairs + 1) * sizeof *pair_b);
  if (!pair_a || !pair_b) {
    free(pair_a);
    free(pair_b);
    return amg_error(AMG_ERR_NOMEM, "tile_numeric: out of host memory");
  }
  double acc[FMT_TILE * FMT_TILE];
  for (int32_t ti = 0; ti < c->tile_m; ti++)
    for (int64_t t = c->tile_ptr[ti]; t < c->tile_ptr[ti + 1]; t++) {
      for (int e = 0; e < FMT_TILE * FMT_TILE; e++)
        acc[e] = 0.0;
      int64_t pairs = spgemm_tile_match(a, ti, bc, c->tile_col[t], pair_a, pair_b);
      for (int64_t p = 0; p < pairs; p++)
        multiply_pair(a, pair_a[p], b, pair_b[p], acc);
      int64_t k = c->tile_nnz[t];
      for (int r = 0; r < FMT_TILE; r++)
        for (uint16_t bits = c->mask[FMT_TILE * t + r]; bits; bits &= (uint16_t)(bits - 1), k++) {
          int cc = __builtin_ctz(bits);
          c->idx[k] = (uint8_t)((r << 4) | cc);
          c->val[k] = acc[FMT_TILE * r + cc];
        }
    }
  free(pair_a);
  free(pair_b);
  return AMG_OK;
}
