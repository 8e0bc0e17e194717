/* Step 2 on the host: for each candidate C tile, OR together, over the
 * matched pairs (A_ik, B_kj), the row masks of B_kj selected by the set bits
 * of each row mask of A_ik:  mask_C[r] |= mask_B[c] for every c in mask_A[r].
 * Only A's in-tile indices and B's masks are read, no values. Tiles whose
 * mask is all zero are dropped, then
 * row_ptr and tile offsets follow from popcounts.
 *
 * The pairs are enumerated one C tile row at a time, as step 1 found the
 * candidates (Gustavson over tiles): for each tile A_ik of the row, each
 * tile B_kj of B's tile row k, found in the row's candidates through a
 * dense map from tile column to candidate. This costs O(pairs), where
 * matching A's tile row against B's tile column for each candidate
 * costs O(candidates * list length), which dominated on products whose
 * tiles hold about one entry each (a random graph: 52 s against 7 s). An OR of
 * masks does not depend on the order of the pairs. */
#include <stdlib.h>
#include <string.h>

#include "tile_steps.h"

/* Over A's entries (r, c) (the set bits of its row masks; a tile of random
 * graphs holds about one): mask_C[r] |= mask_B[c]. */
static void or_pair(const fmt_tile *a, int64_t ta, const fmt_tile *b, int64_t tb, uint16_t *mask_c) {
  for (int64_t ka = a->tile_nnz[ta]; ka < a->tile_nnz[ta + 1]; ka++)
    mask_c[a->idx[ka] >> 4] |= b->mask[FMT_TILE * tb + (a->idx[ka] & 0xF)];
}

amg_status spgemm_tile_symbolic(const fmt_tile *a, const fmt_tile *b, const int64_t *cand_ptr,
                                const int32_t *cand_col, fmt_tile **out) {
  *out = NULL;
  int64_t num_cand = cand_ptr[a->tile_m];
  uint16_t *mask = calloc((size_t)(FMT_TILE * num_cand) + 1, sizeof *mask);
  int64_t *slot = malloc(((size_t)b->tile_n + 1) * sizeof *slot); /* candidate of tile column j in this row, or -1 */
  fmt_tile *c = NULL;
  amg_status s = AMG_OK;
  if (!mask || !slot) {
    s = amg_error(AMG_ERR_NOMEM, "tile_symbolic: out of host memory");
    goto done;
  }
  for (int32_t j = 0; j < b->tile_n; j++)
    slot[j] = -1;
  int64_t kept = 0, nnz = 0;
  for (int32_t ti = 0; ti < a->tile_m; ti++) {
    for (int64_t u = cand_ptr[ti]; u < cand_ptr[ti + 1]; u++)
      slot[cand_col[u]] = u;
    for (int64_t ta = a->tile_ptr[ti]; ta < a->tile_ptr[ti + 1]; ta++) {
      int32_t k = a->tile_col[ta];
      for (int64_t tb = b->tile_ptr[k]; tb < b->tile_ptr[k + 1]; tb++) {
        int64_t u = slot[b->tile_col[tb]];
        if (u >= 0) /* else no candidate: left of the diagonal in a symmetric product */
          or_pair(a, ta, b, tb, mask + FMT_TILE * u);
      }
    }
    for (int64_t u = cand_ptr[ti]; u < cand_ptr[ti + 1]; u++) {
      slot[cand_col[u]] = -1;
      int in_tile = 0;
      for (int r = 0; r < FMT_TILE; r++)
        in_tile += spgemm_popcount16(mask[FMT_TILE * u + r]);
      kept += in_tile > 0;
      nnz += in_tile;
    }
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
        in_tile += spgemm_popcount16(mask[FMT_TILE * u + r]);
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
  free(slot);
  if (s == AMG_OK)
    *out = c;
  else
    fmt_tile_destroy(c);
  return s;
}
