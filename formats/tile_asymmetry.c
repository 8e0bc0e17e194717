/* Where a host tile matrix differs from its transpose in value (see
 * formats.h): entries in row order, an entry not stored counting as 0. */
#include <stdlib.h>

#include "fmt_internal.h"

amg_status fmt_tile_asymmetry(const fmt_tile *a, int *found, fmt_asymmetry *where) {
  if (!found || !where)
    return amg_error(AMG_ERR_ARG, "tile_asymmetry: found or where is NULL");
  *found = 0;
  if (!a)
    return amg_error(AMG_ERR_ARG, "tile_asymmetry: a is NULL");
  if (a->loc != FMT_HOST || a->m != a->n)
    return amg_error(AMG_ERR_ARG, "tile_asymmetry: need a square host matrix (%d x %d)", (int)a->m, (int)a->n);
  int64_t widest = 0;
  for (int32_t i = 0; i < a->tile_m; i++)
    widest = a->tile_ptr[i + 1] - a->tile_ptr[i] > widest ? a->tile_ptr[i + 1] - a->tile_ptr[i] : widest;
  int64_t *twin = malloc((size_t)(widest ? widest : 1) * sizeof *twin); /* tile (J, I) of each tile (I, J), or -1 */
  if (!twin)
    return amg_error(AMG_ERR_NOMEM, "tile_asymmetry: out of host memory");
  for (int32_t i = 0; i < a->tile_m && !*found; i++) {
    int64_t first = a->tile_ptr[i], count = a->tile_ptr[i + 1] - first;
    for (int64_t k = 0; k < count; k++)
      twin[k] = fmt_tile_find(a, a->tile_col[first + k], i);
    for (int r = 0; r < FMT_TILE && !*found; r++) /* row 16 i + r, by increasing column */
      for (int64_t k = 0; k < count && !*found; k++) {
        int64_t t = first + k, u = twin[k];
        for (unsigned bits = a->mask[FMT_TILE * t + r]; bits; bits &= bits - 1) {
          int c = __builtin_ctz(bits);
          double v = a->val[fmt_tile_entry(a->tile_nnz, a->row_ptr, a->mask, t, r, c)];
          int stored = u >= 0 && ((a->mask[FMT_TILE * u + c] >> r) & 1u);
          double w = stored ? a->val[fmt_tile_entry(a->tile_nnz, a->row_ptr, a->mask, u, c, r)] : 0.0;
          if (v != w) {
            *where = (fmt_asymmetry){(int64_t)FMT_TILE * i + r, (int64_t)FMT_TILE * a->tile_col[t] + c, v, w,
                                     stored};
            *found = 1;
            break;
          }
        }
      }
  }
  free(twin);
  return AMG_OK;
}
