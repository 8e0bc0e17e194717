/* C = A^T in tile format on the host (the CPU reference of tile_transpose.cu).
 * A's tile-column order is C's tile order: tile (i, j) becomes tile (j, i) at
 * position u of the column order. Inside a tile, entry (r, c) becomes (c, r)
 * at row_ptr'[c] + popcount(mask'[c] below r). */
#include "fmt_internal.h"

static void transpose_tile(const fmt_tile *a, int64_t t, fmt_tile *c, int64_t u) {
  uint16_t *mask_t = c->mask + FMT_TILE * u;
  uint8_t *row_ptr_t = c->row_ptr + FMT_TILE * u;
  for (int r = 0; r < FMT_TILE; r++)
    mask_t[r] = 0;
  for (int r = 0; r < FMT_TILE; r++)
    for (int cc = 0; cc < FMT_TILE; cc++)
      if ((a->mask[FMT_TILE * t + r] >> cc) & 1u)
        mask_t[cc] |= (uint16_t)(1u << r);
  int in_tile = 0;
  for (int r = 0; r < FMT_TILE; r++) {
    row_ptr_t[r] = (uint8_t)in_tile;
    in_tile += __builtin_popcount(mask_t[r]);
  }
  int64_t src = a->tile_nnz[t], dst = c->tile_nnz[u];
  for (int64_t k = 0; k < in_tile; k++) {
    int r = a->idx[src + k] >> 4, cc = a->idx[src + k] & 0xF;
    int64_t pos = dst + row_ptr_t[cc] + __builtin_popcount(mask_t[cc] & fmt_mask_below(r));
    c->idx[pos] = (uint8_t)((cc << 4) | r);
    c->val[pos] = a->val[src + k];
  }
}

amg_status fmt_tile_transpose(const fmt_tile *a, fmt_tile **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "tile_transpose: out is NULL");
  *out = NULL;
  if (!a)
    return amg_error(AMG_ERR_ARG, "tile_transpose: a is NULL");
  if (a->loc != FMT_HOST)
    return amg_error(AMG_ERR_ARG, "tile_transpose: need a host matrix");
  fmt_tile *c = NULL;
  fmt_tile_columns *order = NULL;
  amg_status s = fmt_tile_columns_create(a, &order);
  if (s == AMG_OK)
    s = fmt_tile_create(a->n, a->m, a->num_tiles, a->nnz, FMT_HOST, &c);
  if (s != AMG_OK)
    goto done;
  for (int32_t j = 0; j <= c->tile_m; j++)
    c->tile_ptr[j] = order->col_ptr[j];
  c->tile_nnz[0] = 0;
  for (int64_t u = 0; u < c->num_tiles; u++) {
    int64_t t = order->tile[u];
    c->tile_col[u] = order->row[u];
    c->tile_nnz[u + 1] = c->tile_nnz[u] + (a->tile_nnz[t + 1] - a->tile_nnz[t]);
  }
  for (int64_t u = 0; u < c->num_tiles; u++)
    transpose_tile(a, order->tile[u], c, u);
done:
  fmt_tile_columns_destroy(order);
  if (s == AMG_OK)
    *out = c;
  else
    fmt_tile_destroy(c);
  return s;
}
