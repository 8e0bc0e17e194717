/* Tile matrix allocation and destruction (host or device arrays). */
#include <stdlib.h>

#include "fmt_internal.h"

amg_status fmt_tile_create(int32_t m, int32_t n, int64_t num_tiles, int64_t nnz, fmt_location loc,
                           fmt_tile **out) {
  *out = NULL;
  if (m < 0 || n < 0 || num_tiles < 0 || nnz < 0)
    return amg_error(AMG_ERR_ARG, "tile_create: negative size");
  fmt_tile *a = calloc(1, sizeof *a);
  if (!a)
    return amg_error(AMG_ERR_NOMEM, "tile_create: out of host memory");
  a->m = m;
  a->n = n;
  a->tile_m = fmt_tiles_for(m);
  a->tile_n = fmt_tiles_for(n);
  a->num_tiles = num_tiles;
  a->nnz = nnz;
  a->loc = loc;
  amg_status s =
      fmt_alloc((void **)&a->tile_ptr, (int64_t)a->tile_m + 1, sizeof *a->tile_ptr, loc);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&a->tile_col, num_tiles, sizeof *a->tile_col, loc);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&a->tile_nnz, num_tiles + 1, sizeof *a->tile_nnz, loc);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&a->row_ptr, FMT_TILE * num_tiles, sizeof *a->row_ptr, loc);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&a->mask, FMT_TILE * num_tiles, sizeof *a->mask, loc);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&a->idx, nnz, sizeof *a->idx, loc);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&a->val, nnz, sizeof *a->val, loc);
  if (s != AMG_OK) {
    fmt_tile_destroy(a);
    return s;
  }
  *out = a;
  return AMG_OK;
}

void fmt_tile_destroy(fmt_tile *a) {
  if (!a)
    return;
  fmt_free(a->tile_ptr, a->loc);
  fmt_free(a->tile_col, a->loc);
  fmt_free(a->tile_nnz, a->loc);
  fmt_free(a->row_ptr, a->loc);
  fmt_free(a->mask, a->loc);
  fmt_free(a->idx, a->loc);
  fmt_free(a->val, a->loc);
  free(a);
}
