/* Matched tile pairs of C tile (ti, tj): A's sorted tile row against B's
 * sorted tile column, in increasing inner index k. Lists of similar length
 * are merged; where one is far longer (P with a few long tile columns, as
 * one aggregate over a star graph gives), each tile of the shorter list is
 * looked up in the longer by binary search, so that a C tile costs
 * O(short log long), not O(long), and a product O(T log T), not O(T^2). */
#include "tile_steps.h"

#define MATCH_SEARCH_RATIO 8 /* search where one list is this many times longer than the other */

/* The first position in v[lo, hi) whose value is >= key (v sorted). */
static int64_t lower_bound32(const int32_t *v, int64_t lo, int64_t hi, int32_t key) {
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (v[mid] < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

int64_t spgemm_tile_match(const fmt_tile *a, int32_t ti, const fmt_tile_columns *bc, int32_t tj,
                          int64_t *pair_a, int64_t *pair_b) {
  int64_t p = a->tile_ptr[ti], p_end = a->tile_ptr[ti + 1];
  int64_t q = bc->col_ptr[tj], q_end = bc->col_ptr[tj + 1];
  int64_t count = 0;
  if (q_end - q > MATCH_SEARCH_RATIO * (p_end - p)) { /* B's column is long: look up A's tiles in it */
    for (; p < p_end && q < q_end; p++) {
      q = lower_bound32(bc->row, q, q_end, a->tile_col[p]);
      if (q < q_end && bc->row[q] == a->tile_col[p]) {
        pair_a[count] = p;
        pair_b[count++] = bc->tile[q++];
      }
    }
    return count;
  }
  if (p_end - p > MATCH_SEARCH_RATIO * (q_end - q)) { /* A's row is long: look up B's tiles in it */
    for (; q < q_end && p < p_end; q++) {
      p = lower_bound32(a->tile_col, p, p_end, bc->row[q]);
      if (p < p_end && a->tile_col[p] == bc->row[q]) {
        pair_a[count] = p++;
        pair_b[count++] = bc->tile[q];
      }
    }
    return count;
  }
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
