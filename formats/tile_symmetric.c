/* Whether a tile matrix equals its transpose, entry by entry, on the host
 * (the CPU reference of tile_symmetric.cu): every stored (r, c) of tile
 * (I, J) needs a stored (c, r) of tile (J, I) with an equal value. */
#include "fmt_internal.h"

static int tile_mirrored(const fmt_tile *a, int32_t i, int64_t t) {
  int64_t u = fmt_tile_find(a, a->tile_col[t], i);
  if (u < 0)
    return 0;
  for (int r = 0; r < FMT_TILE; r++)
    for (unsigned bits = a->mask[FMT_TILE * t + r]; bits; bits &= bits - 1) {
      int c = __builtin_ctz(bits);
      if (!((a->mask[FMT_TILE * u + c] >> r) & 1u) ||
          a->val[fmt_tile_entry(a->tile_nnz, a->row_ptr, a->mask, t, r, c)] !=
              a->val[fmt_tile_entry(a->tile_nnz, a->row_ptr, a->mask, u, c, r)])
        return 0;
    }
  return 1;
}

amg_status fmt_tile_is_symmetric(const fmt_tile *a, int *symmetric) {
  if (!symmetric)
    return amg_error(AMG_ERR_ARG, "tile_is_symmetric: symmetric is NULL");
  *symmetric = 0;
  if (!a)
    return amg_error(AMG_ERR_ARG, "tile_is_symmetric: a is NULL");
  if (a->loc == FMT_DEVICE)
    return fmt_tile_is_symmetric_device(a, symmetric);
  if (a->m != a->n)
    return AMG_OK;
  for (int32_t i = 0; i < a->tile_m; i++)
    for (int64_t t = a->tile_ptr[i]; t < a->tile_ptr[i + 1]; t++)
      if (!tile_mirrored(a, i, t))
        return AMG_OK;
  *symmetric = 1;
  return AMG_OK;
}
