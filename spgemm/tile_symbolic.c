/* Step 2 on the host: for each candidate C tile, OR together, over the
 * matched pairs (A_ik, B_kj), the row masks of B_kj selected by the set bits
 * of each row mask of A_ik:  mask_C[r] |= mask_B[c] for every c in mask_A[r].
 * Only masks are read. Tiles whose mask is all zero are dropped, then
 * row_ptr and tile offsets follow from popcounts. */
#include <stdlib.h>
#include <string.h>

#include "tile_steps.h"

static void or_pair(const fmt_tile *a, int64_t ta, const fmt_tile *b, int64_t tb, uint16_t *mask_c) {
  for (int r = 0; r < FMT_TILE; r++)
    for (uint16_t bits = a->mask[FMT_TILE * ta + r]; bits; bits &= (uint16_t)(bits - 1))
      mask_c[r] |= b->mask[FMT_TILE * tb + __builtin_ctz(bits)];
}

amg_status spgemm_tile_symbolic(const fmt_tile *a, const fmt_tile *b, const fmt_tile_columns *bc,
                                const int64_t *cand_ptr, const int32_t *cand_col, fmt_tile **out) {
  *out = NULL;
  int64_t num_cand = cand_ptr[a->tile_m];
  uint16_t *mask = calloc((size_t)(FMT_TILE * num_cand) + 1, sizeof *mask);
  int64_t max_pairs = a->tile_n < b->tile_m ? a->tile_n : b->tile_m;
  int64_t *pair_a = malloc(((size_t)max_pairs + 1) * sizeof *pair_a);
  int64_t *pair_b = malloc(((size_t)max_pairs + 1) * sizeof *pair_b);
  fmt_tile *c = NULL;
  amg_status s = AMG_OK;
  if (!mask || !pair_a || !pair_b) {
    s = amg_error(AMG_ERR_NOMEM, "tile_symbolic: out of host memory");
    goto done;
  }
  int64_t kept = 0, nnz = 0;
  for (int32_t ti = 0; ti < a->tile_m; ti++)
    for (int64_t u = cand_ptr[ti]; u < cand_ptr[ti + 1]; u++) {
      int64_t pairs = spgemm_tile_match(a, ti, bc, cand_col[u], pair_a, pair_b);
      for (int64_t p = 0; p < pairs; p++)
        or_pair(a, pair_a[p], b, pair_b[p], mask + FMT_TILE * u);
      int in_tile = 0;
      for (int r = 0; r < FMT_TILE; r++)
        in_tile += __builtin_popcount(mask[FMT_TILE * u + r]);
      kept += in_tile > 0;
      nnz += in_tile;
    }
  s = fmt_tile_create(a->m, b->n, kept, nnz, FMT_HOST, &c);
  if (s != AMG_OK)
    goto done;
  int64_t t = 0;
  c->tile_ptr[0] = 0;
  c->tile_nnz[0] = 0;
  for (int32_t ti = 0; ti < a->tile_m; ti++) {
    for (int64_t u = cand_ptr[ti]; u < cand_ptr[ti + 1]; u++) {
      uint8_t row_ptr[FMT_TILE];
      int in_tile = 0;
      for (int r = 0; r < FMT_TILE; r++) {
        row_ptr[r] = (uint8_t)in_tile;
        in_tile += __builtin_popcount(mask[FMT_TILE * u + r]);
      }
      if (in_tile == 0)
        continue;
      memcpy(c->row_ptr + FMT_TILE * t, row_ptr, sizeof row_ptr);
      memcpy(c->mask + FMT_TILE * t, mask + FMT_TILE * u, FMT_TILE * sizeof *mask);
      c->tile_col[t] = cand_col[u];
      c->tile_nnz[t + 1] = c->tile_nnz[t] + in_tile;
      t++;
    }
    c->tile_ptr[ti + 1] = t;
  }
done:
  free(mask);
  free(pair_a);
  free(pair_b);
  if (s == AMG_OK)
    *out = c;
  else
    fmt_tile_destroy(c);
  return s;
}
