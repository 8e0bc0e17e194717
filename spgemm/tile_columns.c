/* B's tile-column index on the host: a counting sort of B's tiles by tile
 * column. Visiting tile rows in order keeps each column sorted by tile row. */
#include <stdlib.h>

#include "tile_steps.h"

amg_status spgemm_tile_columns_build(const fmt_tile *b, spgemm_tile_columns *bc) {
  bc->tile_n = b->tile_n;
  bc->col_ptr = calloc((size_t)b->tile_n + 1, sizeof *bc->col_ptr);
  bc->row = malloc(((size_t)b->num_tiles + 1) * sizeof *bc->row);
  bc->tile = malloc(((size_t)b->num_tiles + 1) * sizeof *bc->tile);
  int64_t *next = malloc(((size_t)b->tile_n + 1) * sizeof *next);
  if (!bc->col_ptr || !bc->row || !bc->tile || !next) {
    free(next);
    spgemm_tile_columns_free(bc);
    return amg_error(AMG_ERR_NOMEM, "tile_columns: out of host memory");
  }
  for (int64_t t = 0; t < b->num_tiles; t++)
    bc->col_ptr[b->tile_col[t] + 1]++;
  for (int32_t j = 0; j < b->tile_n; j++) {
    bc->col_ptr[j + 1] += bc->col_ptr[j];
    next[j] = bc->col_ptr[j];
  }
  for (int32_t ti = 0; ti < b->tile_m; ti++)
    for (int64_t t = b->tile_ptr[ti]; t < b->tile_ptr[ti + 1]; t++) {
      int64_t u = next[b->tile_col[t]]++;
      bc->row[u] = ti;
      bc->tile[u] = t;
    }
  free(next);
  return AMG_OK;
}

void spgemm_tile_columns_free(spgemm_tile_columns *bc) {
  free(bc->col_ptr);
  free(bc->row);
  free(bc->tile);
  bc->col_ptr = NULL;
  bc->row = NULL;
  bc->tile = NULL;
}
