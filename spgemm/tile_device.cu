/* C = A*B on device tile matrices: the three steps of the tiled SpGEMM. For
 * a product known to be symmetric, steps 2 and 3 compute the tiles on and
 * above the diagonal and write the others from them (tile_twins.cu).
 *
 * Allocations: C's arrays, and work arrays of O(tiles): B's column order
 * (unless the pair kernels look B's tiles up in its tile rows),
 * A's and B's tile occupancy (exact candidates, 2 bytes per tile; kept
 * to the end where the row kernels walk in windows), step 1's park
 * (SPGEMM_PARK_PER_TILE columns per tile of A, until the fill pass), the
 * work counters (zeroed by step 1, SPGEMM_COUNTERS), the
 * candidate structure (pointers, columns, rows, masks, nnz, prefixes) and
 * C's tile rows (for a symmetric product, the candidates' and C's twins);
 * with one pass (spgemm.h), 2 KB per candidate for its
 * values (C's, before compaction). Exact candidates (without one pass)
 * become C's tiles in place: C takes over their arrays. No buffer of
 * intermediate products exists. Host syncs: two,
 * to size the candidates and then C. The totals reach the host through
 * pinned memory mapped into the device, written by a kernel, never by a
 * copy call: on small products the counting kernels scan their own counts
 * (last_block_scan.cuh); before a compaction the candidate scan does
 * (tile_candidate_scan.cu); after CUB's scans (step 1 on many rows, C
 * built in place) a one-block kernel reads the total back (fmt_copy). C's
 * arrays of O(tiles) are allocated before the second sync where they can
 * be, and B's column order before the first where step 2 does not need
 * the candidates' count to choose its lookup. */
#include "spgemm_device.cuh"

#define SPGEMM_MAX_TILES ((int64_t)INT32_MAX / FMT_TILE)

/* The lookup of B_kj (tile_match.cuh) for the step about to run: B's tile
 * rows, or B's column order *bc, built on first need (then *built, for
 * the profile's step 0), from opt's b_transpose where it has one. */
static amg_status b_lookup_for(bool by_rows, const fmt_tile *b, const spgemm_tile_options *opt,
                               fmt_tile_columns **bc, spgemm_b_lookup *bl, bool *built) {
  *built = false;
  if (by_rows) {
    *bl = spgemm_b_lookup{b->tile_ptr, b->tile_col, NULL};
    return AMG_OK;
  }
  if (!*bc) {
    amg_status s = opt && opt->b_transpose ? fmt_tile_columns_from_transpose(b, opt->b_transpose, bc)
                                           : fmt_tile_columns_create_device(b, bc);
    if (s != AMG_OK)
      return s;
    *built = true;
  }
  *bl = spgemm_b_lookup{(*bc)->col_ptr, (*bc)->row, (*bc)->tile};
  return AMG_OK;
}

extern "C" amg_status spgemm_tile_device(const fmt_tile *a, const fmt_tile *b, fmt_tile **out,
                                         const spgemm_tile_options *opt, spgemm_stats *stats) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "spgemm_tile_device: c is NULL");
  *out = NULL;
  if (!a || !b || a->loc != FMT_DEVICE || b->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "spgemm_tile_device: need device matrices");
  if (a->n != b->m)
    return amg_error(AMG_ERR_ARG, "spgemm: inner dimensions differ (%d x %d times %d x %d)", a->m,
                     a->n, b->m, b->n);
  /* The kernels index tiles, and their 16 rows (FMT_TILE * tile), with 32 bits. */
  if (a->num_tiles > SPGEMM_MAX_TILES || b->num_tiles > SPGEMM_MAX_TILES)
    return amg_error(AMG_ERR_OVERFLOW, "spgemm: %lld and %lld tiles; the kernels take at most %lld",
                     (long long)a->num_tiles, (long long)b->num_tiles, (long long)SPGEMM_MAX_TILES);
  int dense_threshold = opt ? opt->dense_threshold : SPGEMM_DENSE_THRESHOLD;
  spgemm_kernels kernels = opt ? opt->kernels : SPGEMM_KERNELS_AUTO;
  int row_split = opt ? opt->row_split : 0;
  bool list = opt && opt->leftover_list;
  if (kernels != SPGEMM_KERNELS_AUTO && kernels != SPGEMM_KERNELS_PAIRS && kernels != SPGEMM_KERNELS_ROWS)
    return amg_error(AMG_ERR_ARG, "spgemm: kernels %d; use auto (0), pairs (1) or rows (2)", (int)kernels);
  if (opt && (opt->leftover_list < 0 || opt->leftover_list > 1))
    return amg_error(AMG_ERR_ARG, "spgemm: leftover_list %d; use 0 or 1", opt->leftover_list);
  if (opt && (opt->layout_candidates < -1 || opt->layout_candidates > 1))
    return amg_error(AMG_ERR_ARG, "spgemm: layout_candidates %d; use auto (0), layout (1) or exact (-1)",
                     opt->layout_candidates);
  spgemm_passes passes = opt ? opt->passes : SPGEMM_PASSES_AUTO;
  if (passes != SPGEMM_PASSES_AUTO && passes != SPGEMM_PASSES_TWO && passes != SPGEMM_PASSES_ONE)
    return amg_error(AMG_ERR_ARG, "spgemm: passes %d; use auto (0), two (1) or one (2)", (int)passes);
  spgemm_b_lookup_kind lookup = opt ? opt->b_lookup : SPGEMM_B_LOOKUP_AUTO;
  if (lookup != SPGEMM_B_LOOKUP_AUTO && lookup != SPGEMM_B_LOOKUP_COLUMNS && lookup != SPGEMM_B_LOOKUP_ROWS)
    return amg_error(AMG_ERR_ARG, "spgemm: b_lookup %d; use auto (0), columns (1) or rows (2)", (int)lookup);
  int given_slots = opt ? opt->one_pass_slots : 0;
  if (given_slots != 0 && given_slots != FMT_TILE * FMT_TILE && given_slots != SPGEMM_ONE_PASS_FEW_SLOTS)
    return amg_error(AMG_ERR_ARG, "spgemm: one_pass_slots %d; use 0 (auto), %d or %d", given_slots,
                     SPGEMM_ONE_PASS_FEW_SLOTS, FMT_TILE * FMT_TILE);
  int row_windows = opt ? opt->row_windows : 0;
  if (row_windows < -1 || row_windows > 1)
    return amg_error(AMG_ERR_ARG, "spgemm: row_windows %d; use auto (0), always (1) or never (-1)", row_windows);
  int numeric_dot = opt ? opt->numeric_dot : 0;
  if (numeric_dot < -1 || numeric_dot > 1)
    return amg_error(AMG_ERR_ARG, "spgemm: numeric_dot %d; use auto (0), always (1) or never (-1)", numeric_dot);
  if (row_split != 0 && row_split != 1 && row_split != 2 && row_split != 4 && row_split != 8)
    return amg_error(AMG_ERR_ARG, "spgemm: row_split %d; use 0, 1, 2, 4 or 8", row_split);
  const fmt_tile *bt = opt ? opt->b_transpose : NULL;
  if (bt && !spgemm_transpose_shape(b, bt, FMT_DEVICE))
    return amg_error(AMG_ERR_ARG, "spgemm: b_transpose (%d x %d, %lld tiles) is not the transpose of B (%d x %d, "
                                  "%lld tiles): sizes, tile counts or locations differ", bt->m, bt->n,
                     (long long)bt->num_tiles, b->m, b->n, (long long)b->num_tiles);
  bool upper = opt && opt->symmetric;
  if (upper && a->m != b->n)
    return amg_error(AMG_ERR_ARG, "spgemm: a symmetric product must be square, not %d x %d", a->m, b->n);
  fmt_tile_columns *bc = NULL; /* B's column order, unless B_kj is looked up in B's tile rows */
  spgemm_b_lookup bl;
  spgemm_candidates cand = {0, NULL, NULL, NULL, NULL, false, NULL};
  int32_t *c_row = NULL, *c_twin = NULL;
  uint16_t *occ = NULL; /* exact candidates (spgemm_occupancy_device) */
  int32_t *parked = NULL; /* step 1's park (spgemm_park) */
  unsigned long long *counters = NULL; /* SPGEMM_COUNTERS */
  const uint16_t *row_occ = NULL; /* occ, where the row kernels walk in windows */
  fmt_tile *c = NULL;
  fmt_timer *timer = NULL, *step = NULL;
  int profile = stats && stats->profile;
  bool rows = false, one_pass = false, built = false, layout_left = false;
  int64_t computed = 0; /* the candidates steps 2 and 3 compute (spgemm_computed_tiles) */
  bool by_rows = spgemm_lookup_by_rows(lookup, a, b); /* else a step's own rule (spgemm_leftover_by_rows) */
  amg_status s = AMG_OK;
  if (stats) {
    AMG_TRY_GOTO(fmt_timer_create(&timer), s, done);
    AMG_TRY_GOTO(fmt_timer_start(timer), s, done);
  }
  if (profile) {
    stats->step_ms[0] = 0; /* B's column order, where built */
    AMG_TRY_GOTO(fmt_timer_create(&step), s, done);
    AMG_TRY_GOTO(fmt_timer_start(step), s, done);
  }
#define STEP_DONE(k)                                                                               \
  do {                                                                                             \
    if (profile) {                                                                                 \
      AMG_TRY_GOTO(fmt_timer_stop(step, &stats->step_ms[k]), s, done);                             \
      AMG_TRY_GOTO(fmt_timer_start(step), s, done);                                                \
    }                                                                                              \
  } while (0)
  /* cand.ptr, then the count pass's scratch */
  AMG_TRY_GOTO(fmt_device_alloc((void **)&cand.ptr,
                                ((size_t)a->tile_m + 1 + (size_t)spgemm_structure_scratch(a->tile_m)) *
                                    sizeof *cand.ptr),
               s, done);
  /* step 1's park and the counters, before any launch that the GPU would finish while they are allocated */
  AMG_TRY_GOTO(fmt_device_alloc((void **)&parked, (size_t)spgemm_park_entries(a) * sizeof *parked), s, done);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&counters, SPGEMM_COUNTERS * sizeof *counters), s, done);
  rows = spgemm_symbolic_by_rows(kernels, a->tile_m);
  /* Without step 2's row kernel, the lookup it takes does not depend on the
   * candidates: B's column order, where needed, is built now, so that it
   * runs before step 1's sync rather than after the fill's launch. */
  if (!rows) {
    AMG_TRY_GOTO(b_lookup_for(by_rows, b, opt, &bc, &bl, &built), s, done);
    if (built)
      STEP_DONE(0);
  }
  cand.exact = spgemm_exact_candidates(opt ? opt->layout_candidates : 0, kernels, a, b);
  if (cand.exact)
    AMG_TRY_GOTO(spgemm_occupancy_device(a, b, &occ), s, done);
  if (spgemm_row_windows(row_windows, occ, a, b))
    row_occ = occ;
  cand.occ = row_occ;
  AMG_TRY_GOTO(spgemm_structure_device(a, b, occ, spgemm_park_in(a, parked), counters, cand.ptr,
                                       cand.ptr + a->tile_m + 1, &cand.num),
               s, done);
  if (cand.num > SPGEMM_MAX_TILES) {
    s = amg_error(AMG_ERR_OVERFLOW, "spgemm: %lld candidate tiles; the kernels take at most %lld",
                  (long long)cand.num, (long long)SPGEMM_MAX_TILES);
    goto done;
  }
  AMG_TRY_GOTO(fmt_device_alloc((void **)&cand.col, (size_t)cand.num * sizeof *cand.col), s, done);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&cand.row, (size_t)cand.num * sizeof *cand.row), s, done);
  AMG_TRY_GOTO(spgemm_structure_fill_device(a, b, occ, spgemm_park_in(a, parked), cand.ptr,
                                            cand.ptr + a->tile_m + 1, cand.col, cand.row),
               s, done);
  fmt_device_free(parked);
  parked = NULL;
  if (!row_occ) {
    fmt_device_free(occ);
    occ = NULL;
  }
  if (upper)
    AMG_TRY_GOTO(spgemm_twins_device(cand.num, cand.ptr, cand.row, cand.col, &cand.twin), s, done);
  STEP_DONE(1);
  computed = spgemm_computed_tiles(cand.num, a->tile_m, upper);
  one_pass = spgemm_use_one_pass(passes, rows, computed, spgemm_mean_list(a, b));
  AMG_TRY_GOTO(b_lookup_for(by_rows || spgemm_leftover_by_rows(lookup, rows, cand.num, a->tile_m,
                                                                SPGEMM_SYMBOLIC_ROW_CANDS),
                            b, opt, &bc, &bl, &built),
               s, done);
  if (built)
    STEP_DONE(0);
  AMG_TRY_GOTO(spgemm_symbolic_device(a, bl, b, &cand, rows, list, one_pass,
                                      spgemm_one_pass_slots(given_slots, computed), counters, &c, &c_row,
                                      &c_twin, &layout_left),
               s, done);
  fmt_device_free(cand.col);
  fmt_device_free(cand.row);
  fmt_device_free(cand.twin);
  cand.col = cand.row = cand.twin = NULL;
  STEP_DONE(2);
  if (!one_pass &&
      spgemm_use_dot(numeric_dot, a, b, bt, c, upper, spgemm_numeric_by_rows(kernels, c))) {
    AMG_TRY_GOTO(spgemm_numeric_dot_device(a, bt, c, c_row, layout_left,
                                           counters + SPGEMM_STEP3_WORK + 1),
                 s, done);
  } else if (!one_pass) {
    AMG_TRY_GOTO(b_lookup_for(by_rows || spgemm_leftover_by_rows(lookup, spgemm_numeric_by_rows(kernels, c),
                                                                  c->nnz, c->tile_m, SPGEMM_ROW_SLOTS),
                              b, opt, &bc, &bl, &built),
                 s, done);
    if (built)
      STEP_DONE(0);
    AMG_TRY_GOTO(
        spgemm_numeric_device(a, bl, b, row_occ, c, c_row, c_twin, dense_threshold, kernels, row_split, list,
                              layout_left, counters),
        s, done);
  }
  STEP_DONE(3);
#undef STEP_DONE
  if (stats) {
    stats->candidate_tiles = cand.num;
    stats->tiles = c->num_tiles;
    stats->nnz = c->nnz;
    stats->convert_ms = 0;
    AMG_TRY_GOTO(fmt_timer_stop(timer, &stats->product_ms), s, done);
  }
done:
  fmt_timer_destroy(timer);
  fmt_timer_destroy(step);
  fmt_tile_columns_destroy(bc);
  fmt_device_free(cand.ptr);
  fmt_device_free(cand.col);
  fmt_device_free(cand.row);
  fmt_device_free(occ);
  fmt_device_free(parked);
  fmt_device_free(counters);
  fmt_device_free(c_row);
  fmt_device_free(cand.twin);
  fmt_device_free(c_twin);
  if (s == AMG_OK)
    *out = c;
  else
    fmt_tile_destroy(c);
  return s;
}
