/* Checks every tile-format invariant of a host matrix (see formats.h). */
#include "fmt_internal.h"

static amg_status check_tile(const fmt_tile *a, int32_t ti, int64_t t) {
  int32_t tj = a->tile_col[t];
  int64_t base = a->tile_nnz[t], count = a->tile_nnz[t + 1] - base;
  if (count < 1 || count > FMT_TILE * FMT_TILE)
    return amg_error(AMG_ERR_INVALID_MATRIX, "tile %lld (%d,%d) holds %lld entries", (long long)t,
                     ti, tj, (long long)count);
  int rows_here = a->m - ti * FMT_TILE < FMT_TILE ? a->m - ti * FMT_TILE : FMT_TILE;
  int cols_here = a->n - tj * FMT_TILE < FMT_TILE ? a->n - tj * FMT_TILE : FMT_TILE;
  int64_t k = 0;
  for (int r = 0; r < FMT_TILE; r++) {
    uint16_t mask = a->mask[FMT_TILE * t + r];
    if (a->row_ptr[FMT_TILE * t + r] != k)
      return amg_error(AMG_ERR_INVALID_MATRIX, "tile %lld row %d: row_ptr %d, expected %lld",
                       (long long)t, r, a->row_ptr[FMT_TILE * t + r], (long long)k);
    if (mask && (r >= rows_here || (mask >> cols_here)))
      return amg_error(AMG_ERR_INVALID_MATRIX, "tile %lld row %d: mask 0x%04x outside the matrix",
                       (long long)t, r, mask);
    for (int c = 0; c < FMT_TILE; c++) {
      if (!((mask >> c) & 1u))
        continue;
      if (k >= count)
        return amg_error(AMG_ERR_INVALID_MATRIX, "tile %lld: mask has more bits than entries",
                         (long long)t);
      uint8_t idx = a->idx[base + k];
      if (idx != (uint8_t)((r << 4) | c))
        return amg_error(AMG_ERR_INVALID_MATRIX,
                         "tile %lld entry %lld: idx 0x%02x, mask says (%d,%d)", (long long)t,
                         (long long)k, idx, r, c);
      k++;
    }
  }
  if (k != count)
    return amg_error(AMG_ERR_INVALID_MATRIX, "tile %lld: mask has %lld bits, tile %lld entries",
                     (long long)t, (long long)k, (long long)count);
  return AMG_OK;
}

amg_status fmt_tile_validate(const fmt_tile *a) {
  if (!a)
    return amg_error(AMG_ERR_ARG, "tile_validate: a is NULL");
  if (a->loc != FMT_HOST)
    return amg_error(AMG_ERR_ARG, "tile_validate: need a host matrix");
  if (a->m < 0 || a->n < 0 || a->tile_m != fmt_tiles_for(a->m) || a->tile_n != fmt_tiles_for(a->n))
    return amg_error(AMG_ERR_INVALID_MATRIX, "tile: dimensions %d x %d do not match %d x %d tiles",
                     a->m, a->n, a->tile_m, a->tile_n);
  if (a->num_tiles < 0 || a->nnz < 0)
    return amg_error(AMG_ERR_INVALID_MATRIX, "tile: negative num_tiles %lld or nnz %lld", (long long)a->num_tiles,
                     (long long)a->nnz);
  if (!a->tile_ptr || !a->tile_nnz || (a->num_tiles > 0 && (!a->tile_col || !a->row_ptr || !a->mask)) ||
      (a->nnz > 0 && (!a->idx || !a->val)))
    return amg_error(AMG_ERR_INVALID_MATRIX, "tile: an array (tile_ptr, tile_col, tile_nnz, row_ptr, mask, idx "
                                             "or val) is NULL");
  if (a->tile_ptr[0] != 0 || a->tile_ptr[a->tile_m] != a->num_tiles)
    return amg_error(AMG_ERR_INVALID_MATRIX, "tile: tile_ptr ends %lld..%lld, num_tiles %lld",
                     (long long)a->tile_ptr[0], (long long)a->tile_ptr[a->tile_m],
                     (long long)a->num_tiles);
  if (a->tile_nnz[0] != 0 || a->tile_nnz[a->num_tiles] != a->nnz)
    return amg_error(AMG_ERR_INVALID_MATRIX, "tile: tile_nnz ends %lld..%lld, nnz %lld",
                     (long long)a->tile_nnz[0], (long long)a->tile_nnz[a->num_tiles],
                     (long long)a->nnz);
  for (int32_t ti = 0; ti < a->tile_m; ti++) {
    int64_t lo = a->tile_ptr[ti], hi = a->tile_ptr[ti + 1];
    if (hi < lo || hi > a->num_tiles)
      return amg_error(AMG_ERR_INVALID_MATRIX, "tile: tile_ptr decreases at tile row %d", ti);
    for (int64_t t = lo; t < hi; t++) {
      if (a->tile_col[t] < 0 || a->tile_col[t] >= a->tile_n)
        return amg_error(AMG_ERR_INVALID_MATRIX, "tile: tile column %d out of range", a->tile_col[t]);
      if (t > lo && a->tile_col[t] <= a->tile_col[t - 1])
        return amg_error(AMG_ERR_INVALID_MATRIX, "tile: tile columns not increasing in tile row %d",
                         ti);
      amg_status s = check_tile(a, ti, t);
      if (s != AMG_OK)
        return s;
    }
  }
  return AMG_OK;
}
