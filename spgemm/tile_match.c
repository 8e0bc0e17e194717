/* Matched tile pairs of C tile (ti, tj): a merge of A's sorted tile row with
 * B's sorted tile column. */
#include "tile_steps.h"

int64_t spgemm_tile_match(const fmt_tile *a, int32_t ti, const fmt_tile_columns *bc, int32_t tj,
                          int64_t *pair_a, int64_t *pair_b) {
  int64_t p = a->tile_ptr[ti], p_end = a->tile_ptr[ti + 1];
  int64_t q = bc->col_ptr[tj], q_end = bc->col_ptr[tj + 1];
  int64_t count = 0;
  while (p < p_end && q < q_end) {
    if (a->tile_col[p] < bc->row[q]) {
      p++;
    } else if (a->tile_col[p] > bc->row[q]) {
      q++;
    } else {
      pair_a[count] = p++;
      pair_b[count] = bc->tile[q++];
      count++;
    }
  }
  return count;
}
