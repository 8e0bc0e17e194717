/* C = the symmetric matrix whose upper triangle is u's, on the host (the CPU
 * reference of tile_mirror.cu). C's tile row I holds, in increasing tile
 * column: u's tiles (J, I), J < I, transposed (u's tile column I); u's tile
 * (I, I) mirrored, unless that leaves it empty; u's tiles (I, J), J > I, as
 * they are (rules in tile_mirror.h). */
#include "fmt_internal.h"
#include "tile_mirror.h"

typedef struct mirror_source {
  int64_t tile; /* u's tile */
  int32_t col;  /* C's tile column */
  int rule;
} mirror_source;

static int mirrored_size(const fmt_tile *u, int64_t t, int rule) {
  int n = 0;
  for (int r = 0; r < FMT_TILE; r++)
    n += __builtin_popcount(fmt_mirror_row_mask(u->mask + FMT_TILE * t, rule, r));
  return n;
}

/* C's tile t from its source; sets tile_nnz[t + 1]. */
static void fill_tile(const fmt_tile *u, const mirror_source *src, fmt_tile *c, int64_t t) {
  int64_t k = c->tile_nnz[t];
  for (int r = 0; r < FMT_TILE; r++) {
    unsigned row = fmt_mirror_row_mask(u->mask + FMT_TILE * src->tile, src->rule, r);
    c->mask[FMT_TILE * t + r] = (uint16_t)row;
    c->row_ptr[FMT_TILE * t + r] = (uint8_t)(k - c->tile_nnz[t]);
    for (; row; row &= row - 1, k++) {
      int col = __builtin_ctz(row), direct = fmt_mirror_direct(src->rule, r, col);
      c->idx[k] = (uint8_t)((r << 4) | col);
      c->val[k] = u->val[fmt_tile_entry(u->tile_nnz, u->row_ptr, u->mask, src->tile, direct ? r : col,
                                        direct ? col : r)];
    }
  }
  c->tile_nnz[t + 1] = k;
}

amg_status fmt_tile_mirror_check(const fmt_tile *u) {
  if (!u)
    return amg_error(AMG_ERR_ARG, "tile_mirror_upper: u is NULL");
  if (u->m != u->n)
    return amg_error(AMG_ERR_NOT_SQUARE, "tile_mirror_upper: the matrix is %d x %d; it must be square", u->m,
                     u->n);
  if (u->loc == FMT_HOST)
    for (int32_t i = 0; i < u->tile_m; i++)
      if (u->tile_ptr[i] < u->tile_ptr[i + 1] && u->tile_col[u->tile_ptr[i]] < i)
        return amg_error(AMG_ERR_ARG, "tile_mirror_upper: tile (%d, %d) lies below the diagonal", i,
                         u->tile_col[u->tile_ptr[i]]);
  return AMG_OK;
}

amg_status fmt_tile_mirror_upper(const fmt_tile *u, fmt_tile **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "tile_mirror_upper: out is NULL");
  *out = NULL;
  if (!u)
    return amg_error(AMG_ERR_ARG, "tile_mirror_upper: u is NULL");
  if (u->loc == FMT_DEVICE)
    return fmt_tile_mirror_upper_device(u, out);
  fmt_tile_columns *cols = NULL;
  mirror_source *list = NULL;
  int64_t *tile_ptr = NULL, n = 0, nnz = 0;
  fmt_tile *c = NULL;
  amg_status s = fmt_tile_mirror_check(u);
  if (s == AMG_OK)
    s = fmt_tile_columns_create(u, &cols);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&list, 2 * u->num_tiles, sizeof *list, FMT_HOST);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&tile_ptr, (int64_t)u->tile_m + 1, sizeof *tile_ptr, FMT_HOST);
  if (s != AMG_OK)
    goto done;
  for (int32_t i = 0; i < u->tile_m; i++) {
    tile_ptr[i] = n;
    for (int64_t v = cols->col_ptr[i]; v < cols->col_ptr[i + 1] && cols->row[v] < i; v++)
      list[n++] = (mirror_source){cols->tile[v], cols->row[v], FMT_MIRROR_LOWER};
    for (int64_t t = u->tile_ptr[i]; t < u->tile_ptr[i + 1]; t++) {
      int rule = u->tile_col[t] == i ? FMT_MIRROR_DIAG : FMT_MIRROR_UPPER;
      if (rule == FMT_MIRROR_UPPER || mirrored_size(u, t, rule) > 0)
        list[n++] = (mirror_source){t, u->tile_col[t], rule};
    }
  }
  tile_ptr[u->tile_m] = n;
  for (int64_t t = 0; t < n; t++)
    nnz += mirrored_size(u, list[t].tile, list[t].rule);
  s = fmt_tile_create(u->m, u->n, n, nnz, FMT_HOST, &c);
  if (s != AMG_OK)
    goto done;
  for (int32_t i = 0; i <= u->tile_m; i++)
    c->tile_ptr[i] = tile_ptr[i];
  c->tile_nnz[0] = 0;
  for (int64_t t = 0; t < n; t++) {
    c->tile_col[t] = list[t].col;
    fill_tile(u, &list[t], c, t);
  }
done:
  fmt_tile_columns_destroy(cols);
  fmt_free(list, FMT_HOST);
  fmt_free(tile_ptr, FMT_HOST);
  if (s == AMG_OK)
    *out = c;
  else
    fmt_tile_destroy(c);
  return s;
}
