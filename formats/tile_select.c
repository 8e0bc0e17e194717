/* Entry selection by masks on the host (the CPU reference of
 * tile_select.cu): two passes over the tiles, sizes first, then copies.
 * Device matrices go to tile_select.cu. */
#include "fmt_internal.h"

amg_status fmt_tile_select(const fmt_tile *a, const uint16_t *keep, fmt_tile **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "tile_select: out is NULL");
  *out = NULL;
  if (!a)
    return amg_error(AMG_ERR_ARG, "tile_select: a is NULL");
  if (!keep && a->num_tiles > 0) /* no tile, no mask: a 0-byte device array is NULL */
    return amg_error(AMG_ERR_ARG, "tile_select: keep is NULL");
  if (a->loc == FMT_DEVICE)
    return fmt_tile_select_device(a, keep, out);
  int64_t tiles = 0, nnz = 0;
  for (int64_t t = 0; t < a->num_tiles; t++) {
    int in_tile = 0;
    for (int r = 0; r < FMT_TILE; r++)
      in_tile += __builtin_popcount(keep[FMT_TILE * t + r] & a->mask[FMT_TILE * t + r]);
    tiles += in_tile > 0;
    nnz += in_tile;
  }
  fmt_tile *c = NULL;
  amg_status s = fmt_tile_create(a->m, a->n, tiles, nnz, FMT_HOST, &c);
  if (s != AMG_OK)
    return s;
  int64_t u = 0, k = 0;
  c->tile_ptr[0] = 0;
  c->tile_nnz[0] = 0;
  for (int32_t ti = 0; ti < a->tile_m; ti++) {
    for (int64_t t = a->tile_ptr[ti]; t < a->tile_ptr[ti + 1]; t++) {
      int any = 0;
      for (int r = 0; r < FMT_TILE; r++)
        any |= keep[FMT_TILE * t + r] & a->mask[FMT_TILE * t + r];
      if (!any) /* dropped: C has no slot u for it (past C's last tile, u may be C's end) */
        continue;
      int64_t start = k;
      for (int r = 0; r < FMT_TILE; r++) {
        unsigned bits = a->mask[FMT_TILE * t + r], kept = keep[FMT_TILE * t + r] & bits;
        c->row_ptr[FMT_TILE * u + r] = (uint8_t)(k - start);
        c->mask[FMT_TILE * u + r] = (uint16_t)kept;
        int64_t src = a->tile_nnz[t] + a->row_ptr[FMT_TILE * t + r];
        for (; bits; bits &= bits - 1, src++)
          if (kept & (bits & -bits)) {
            c->idx[k] = a->idx[src];
            c->val[k++] = a->val[src];
          }
      }
      c->tile_col[u] = a->tile_col[t];
      c->tile_nnz[++u] = k;
    }
    c->tile_ptr[ti + 1] = u;
  }
  *out = c;
  return AMG_OK;
}
