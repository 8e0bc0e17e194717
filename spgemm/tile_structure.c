/* Step 1 on the host: C's candidate tile structure is the symbolic product of
 * the tile layouts, one tile row at a time with a generation marker over
 * B's tile columns (for a symmetric product, the columns from the diagonal
 * on). Tiles that turn out empty are removed in step 2. */
#include <stdlib.h>

#include "tile_steps.h"

/* Visits the candidate tile columns of tile row ti, from column first on;
 * writes them to out if non-NULL. */
static int64_t row_candidates(const fmt_tile *a, const fmt_tile *b, int32_t ti, int32_t first,
                              int32_t *marker, int32_t *out) {
  int64_t count = 0;
  for (int64_t ta = a->tile_ptr[ti]; ta < a->tile_ptr[ti + 1]; ta++) {
    int32_t k = a->tile_col[ta];
    for (int64_t tb = b->tile_ptr[k]; tb < b->tile_ptr[k + 1]; tb++)
      if (b->tile_col[tb] >= first && marker[b->tile_col[tb]] != ti) {
        marker[b->tile_col[tb]] = ti;
        if (out)
          out[count] = b->tile_col[tb];
        count++;
      }
  }
  return count;
}

amg_status spgemm_tile_structure(const fmt_tile *a, const fmt_tile *b, int upper, int64_t **tile_ptr_out,
                                 int32_t **tile_col_out) {
  *tile_ptr_out = NULL;
  *tile_col_out = NULL;
  int32_t *marker = malloc(((size_t)b->tile_n + 1) * sizeof *marker);
  int64_t *tile_ptr = malloc(((size_t)a->tile_m + 1) * sizeof *tile_ptr);
  int32_t *tile_col = NULL;
  if (!marker || !tile_ptr)
    goto nomem;
  for (int32_t j = 0; j < b->tile_n; j++)
    marker[j] = -1;
  tile_ptr[0] = 0;
  for (int32_t ti = 0; ti < a->tile_m; ti++)
    tile_ptr[ti + 1] = tile_ptr[ti] + row_candidates(a, b, ti, upper ? ti : 0, marker, NULL);
  tile_col = malloc(((size_t)tile_ptr[a->tile_m] + 1) * sizeof *tile_col);
  if (!tile_col)
    goto nomem;
  for (int32_t j = 0; j < b->tile_n; j++)
    marker[j] = -1;
  for (int32_t ti = 0; ti < a->tile_m; ti++) {
    int64_t count = row_candidates(a, b, ti, upper ? ti : 0, marker, tile_col + tile_ptr[ti]);
    fmt_sort_int32(tile_col + tile_ptr[ti], (size_t)count);
  }
  free(marker);
  *tile_ptr_out = tile_ptr;
  *tile_col_out = tile_col;
  return AMG_OK;
nomem:
  free(marker);
  free(tile_ptr);
  free(tile_col);
  return amg_error(AMG_ERR_NOMEM, "tile_structure: out of host memory");
}
