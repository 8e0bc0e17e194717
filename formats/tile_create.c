/* Tile matrix allocation and destruction (host or device arrays). */
#include <stdlib.h>

#include "fmt_internal.h"

/* Frees a's arrays where a->loc says, NULL there afterwards. */
static void destroy_arrays(fmt_tile *a) {
  fmt_free(a->tile_ptr, a->loc);
  fmt_free(a->tile_col, a->loc);
  fmt_free(a->tile_nnz, a->loc);
  fmt_free(a->row_ptr, a->loc);
  fmt_free(a->mask, a->loc);
  fmt_free(a->idx, a->loc);
  fmt_free(a->val, a->loc);
  a->tile_ptr = NULL;
  a->tile_col = NULL;
  a->tile_nnz = NULL;
  a->row_ptr = NULL;
  a->mask = NULL;
  a->idx = NULL;
  a->val = NULL;
}

/* Frees the arrays of *given (NULL there afterwards), as a failed create takes them. */
static void free_given(fmt_tile *given, fmt_location loc) {
  if (!given)
    return;
  given->loc = loc;
  destroy_arrays(given);
}

amg_status fmt_tile_create_with(int32_t m, int32_t n, int64_t num_tiles, int64_t nnz, fmt_location loc,
                                fmt_tile *given, fmt_tile **out) {
  if (!out) {
    free_given(given, loc);
    return amg_error(AMG_ERR_ARG, "tile_create: out is NULL");
  }
  *out = NULL;
  if (m < 0 || n < 0 || num_tiles < 0 || nnz < 0) {
    free_given(given, loc);
    return amg_error(AMG_ERR_ARG, "tile_create: negative size");
  }
  if (m > FMT_MAX_DIM || n > FMT_MAX_DIM) {
    free_given(given, loc);
    return amg_error(AMG_ERR_OVERFLOW, "tile_create: %d x %d is over the largest size, %d rows or columns",
                     m, n, FMT_MAX_DIM);
  }
  if (num_tiles > (INT64_MAX - 1) / FMT_TILE) { /* 16 masks and row starts per tile, and tile_nnz's + 1 */
    free_given(given, loc);
    return amg_error(AMG_ERR_OVERFLOW, "tile_create: %lld tiles: their 16 rows each overflow a 64-bit count",
                     (long long)num_tiles);
  }
  fmt_tile *a = calloc(1, sizeof *a);
  if (!a) {
    free_given(given, loc);
    return amg_error(AMG_ERR_NOMEM, "tile_create: out of host memory");
  }
  a->m = m;
  a->n = n;
  a->tile_m = fmt_tiles_for(m);
  a->tile_n = fmt_tiles_for(n);
  a->num_tiles = num_tiles;
  a->nnz = nnz;
  a->loc = loc;
  fmt_tile none = {0};
  fmt_tile *g = given ? given : &none;
  struct {
    void **dst, **from;
    int64_t count;
    size_t elem;
  } arrays[7] = {
      {(void **)&a->tile_ptr, (void **)&g->tile_ptr, (int64_t)a->tile_m + 1, sizeof *a->tile_ptr},
      {(void **)&a->tile_col, (void **)&g->tile_col, num_tiles, sizeof *a->tile_col},
      {(void **)&a->tile_nnz, (void **)&g->tile_nnz, num_tiles + 1, sizeof *a->tile_nnz},
      {(void **)&a->row_ptr, (void **)&g->row_ptr, FMT_TILE * num_tiles, sizeof *a->row_ptr},
      {(void **)&a->mask, (void **)&g->mask, FMT_TILE * num_tiles, sizeof *a->mask},
      {(void **)&a->idx, (void **)&g->idx, nnz, sizeof *a->idx},
      {(void **)&a->val, (void **)&g->val, nnz, sizeof *a->val}};
  for (int k = 0; k < 7; k++) { /* all taken first: *given loses them also on failure */
    *arrays[k].dst = *arrays[k].from;
    *arrays[k].from = NULL;
  }
  amg_status s = AMG_OK;
  for (int k = 0; k < 7 && s == AMG_OK; k++)
    if (!*arrays[k].dst)
      s = fmt_alloc(arrays[k].dst, arrays[k].count, arrays[k].elem, loc);
  if (s != AMG_OK) {
    fmt_tile_destroy(a);
    return s;
  }
  *out = a;
  return AMG_OK;
}

amg_status fmt_tile_create(int32_t m, int32_t n, int64_t num_tiles, int64_t nnz, fmt_location loc,
                           fmt_tile **out) {
  return fmt_tile_create_with(m, n, num_tiles, nnz, loc, NULL, out);
}

void fmt_tile_destroy(fmt_tile *a) {
  if (!a)
    return;
  destroy_arrays(a);
  free(a);
}
