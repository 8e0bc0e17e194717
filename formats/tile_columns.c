/* A matrix's tiles in tile-column order (fmt_tile_columns). On the host this
 * is a counting sort by tile column; visiting tile rows in order keeps each
 * column sorted by tile row. Read from the matrix's transpose, it needs no
 * sort: the transpose's tile rows are the columns, already in that order.
 * Device matrices go to tile_columns.cu. */
#include <stdlib.h>

#include "fmt_internal.h"

amg_status fmt_tile_columns_alloc(int32_t tile_n, int64_t num_tiles, fmt_location loc,
                                  fmt_tile_columns **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "tile_columns_alloc: out is NULL");
  *out = NULL;
  fmt_tile_columns *bc = calloc(1, sizeof *bc);
  if (!bc)
    return amg_error(AMG_ERR_NOMEM, "tile_columns: out of host memory");
  bc->tile_n = tile_n;
  bc->num_tiles = num_tiles;
  bc->loc = loc;
  amg_status s = fmt_alloc((void **)&bc->col_ptr, (int64_t)tile_n + 1, sizeof *bc->col_ptr, loc);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&bc->row, num_tiles, sizeof *bc->row, loc);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&bc->tile, num_tiles, sizeof *bc->tile, loc);
  if (s != AMG_OK)
    fmt_tile_columns_destroy(bc);
  else
    *out = bc;
  return s;
}

amg_status fmt_tile_columns_create(const fmt_tile *a, fmt_tile_columns **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "tile_columns_create: out is NULL");
  *out = NULL;
  if (!a)
    return amg_error(AMG_ERR_ARG, "tile_columns_create: a is NULL");
  if (a->loc == FMT_DEVICE)
    return fmt_tile_columns_create_device(a, out);
  fmt_tile_columns *bc = NULL;
  int64_t *next = NULL;
  amg_status s = fmt_tile_columns_alloc(a->tile_n, a->num_tiles, FMT_HOST, &bc);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&next, a->tile_n, sizeof *next, FMT_HOST);
  if (s != AMG_OK) {
    fmt_tile_columns_destroy(bc);
    return s;
  }
  for (int32_t j = 0; j <= a->tile_n; j++)
    bc->col_ptr[j] = 0;
  for (int64_t t = 0; t < a->num_tiles; t++)
    bc->col_ptr[a->tile_col[t] + 1]++;
  for (int32_t j = 0; j < a->tile_n; j++) {
    bc->col_ptr[j + 1] += bc->col_ptr[j];
    next[j] = bc->col_ptr[j];
  }
  for (int32_t ti = 0; ti < a->tile_m; ti++)
    for (int64_t t = a->tile_ptr[ti]; t < a->tile_ptr[ti + 1]; t++) {
      int64_t u = next[a->tile_col[t]]++;
      bc->row[u] = ti;
      bc->tile[u] = t;
    }
  free(next);
  *out = bc;
  return AMG_OK;
}

amg_status fmt_tile_columns_from_transpose(const fmt_tile *a, const fmt_tile *at, fmt_tile_columns **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "tile_columns_from_transpose: out is NULL");
  *out = NULL;
  if (!a || !at)
    return amg_error(AMG_ERR_ARG, "tile_columns_from_transpose: %s is NULL", a ? "at" : "a");
  if (at->loc != a->loc || at->m != a->n || at->n != a->m || at->num_tiles != a->num_tiles)
    return amg_error(AMG_ERR_ARG, "tile_columns_from_transpose: the second matrix is not the first's transpose "
                                  "(sizes, tile counts or locations differ)");
  if (a->loc == FMT_DEVICE)
    return fmt_tile_columns_from_transpose_device(a, at, out);
  fmt_tile_columns *bc = NULL;
  amg_status s = fmt_tile_columns_alloc(a->tile_n, a->num_tiles, FMT_HOST, &bc);
  if (s != AMG_OK)
    return s;
  for (int32_t j = 0; j <= a->tile_n; j++)
    bc->col_ptr[j] = at->tile_ptr[j];
  for (int32_t j = 0; j < a->tile_n && s == AMG_OK; j++)
    for (int64_t q = at->tile_ptr[j]; q < at->tile_ptr[j + 1]; q++) {
      bc->row[q] = at->tile_col[q];
      bc->tile[q] = fmt_tile_find(a, at->tile_col[q], j);
      if (bc->tile[q] < 0) {
        s = amg_error(AMG_ERR_ARG, "tile_columns_from_transpose: the transpose has tile (%d, %d), the matrix "
                                   "has no tile (%d, %d)", j, at->tile_col[q], at->tile_col[q], j);
        break;
      }
    }
  if (s == AMG_OK)
    *out = bc;
  else
    fmt_tile_columns_destroy(bc);
  return s;
}

void fmt_tile_columns_destroy(fmt_tile_columns *bc) {
  if (!bc)
    return;
  fmt_free(bc->col_ptr, bc->loc);
  fmt_free(bc->row, bc->loc);
  fmt_free(bc->tile, bc->loc);
  free(bc);
}
