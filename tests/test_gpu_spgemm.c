/* GPU tiled SpGEMM against the CPU tile reference: the tile structure must be
 * identical (pattern exact) and values within 1e-12 relative to the terms
 * summed (|A||B|); two runs must be bitwise identical; the row kernels (the
 * numeric one with each row split), the pair kernels alone (dense-only,
 * sparse-only and default accumulators) and the cuSPARSE backend must agree
 * too. Inputs: the foundation's matrices
 * (A^2, A*A^T, A^T*A, A*P with rectangular P), Poisson Galerkin levels, and
 * matrices whose C rows fall on both sides of SPGEMM_ROW_SLOTS and into each
 * instance of the numeric row kernel. The GPU count
 * of intermediate products must equal the CSR reference's. Symmetric
 * products (A*A^T, A^T*A, Galerkin) are also computed as such and checked
 * against the CPU's symmetric product. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "spgemm.h"
#include "test_util.h"

/* |A| as a new matrix. */
static fmt_csr *absolute(const fmt_csr *a) {
  fmt_csr *c = NULL;
  if (fmt_csr_create(a->m, a->n, a->nnz, FMT_HOST, &c) != AMG_OK)
    return NULL;
  memcpy(c->row_ptr, a->row_ptr, ((size_t)a->m + 1) * sizeof *a->row_ptr);
  memcpy(c->col, a->col, (size_t)a->nnz * sizeof *a->col);
  for (int64_t k = 0; k < a->nnz; k++)
    c->val[k] = fabs(a->val[k]);
  return c;
}

/* Values agree to 1e-12 relative to the size of the terms summed:
 * |c_ij - ref_ij| <= 1e-12 (|A| |B|)_ij, the usual bound for a dot product
 * (relative to c_ij itself it would fail on cancellation, which changing the
 * summation order legitimately moves by an ulp of the terms). */
static void check_values(const fmt_tile *got, const fmt_tile *ref, const fmt_csr *a, const fmt_csr *b,
                         const char *what) {
  fmt_csr *g = NULL, *r = NULL, *size = NULL, *abs_a = absolute(a), *abs_b = absolute(b);
  CHECK_OK(fmt_tile_to_csr(got, &g));
  CHECK_OK(fmt_tile_to_csr(ref, &r));
  CHECK_OK(spgemm_csr_reference(abs_a, abs_b, &size));
  int shown = 0;
  if (g && r && size && g->nnz == r->nnz && size->nnz == r->nnz)
    for (int64_t k = 0; k < r->nnz; k++) {
      double err = fabs(g->val[k] - r->val[k]);
      if (!(err <= 1e-12 * size->val[k]) && shown++ < 3)
        fprintf(stderr, "%s: entry %lld: %.17g vs %.17g, terms of size %g\n", what, (long long)k,
                g->val[k], r->val[k], size->val[k]);
    }
  CHECK(g && r && size && g->nnz == r->nnz && size->nnz == r->nnz && !shown,
        "%s: values differ beyond 1e-12 |A||B| (or |A||B|'s pattern differs)", what);
  fmt_csr_destroy(g);
  fmt_csr_destroy(r);
  fmt_csr_destroy(size);
  fmt_csr_destroy(abs_a);
  fmt_csr_destroy(abs_b);
}

/* Products whose one pass met empty candidates, which C must drop. */
static int one_pass_dropped;

/* Dead tile pairs of A*B (A_ik uses none of B_kj's rows: they add nothing),
 * which the row kernels skip when they walk in windows, as in variant 0
 * below but not in the last, and the two must be bitwise equal. Counted
 * over all products, so that the skip is known to be met. */
static int64_t dead_pairs;

/* C tile rows with more tiles than step 1's count pass parks for them
 * (SPGEMM_PARK_PER_TILE per tile of A's row): every kind of candidate then
 * overflows the park, and the fill pass finds the row's columns again.
 * Counted over all products, so that both ways are known to be met. */
static int64_t park_overflows, park_fits;

static void count_park_rows(const fmt_tile *a, const fmt_tile *c) {
  for (int32_t i = 0; i < c->tile_m; i++) {
    int64_t room = SPGEMM_PARK_PER_TILE * (a->tile_ptr[i + 1] - a->tile_ptr[i]);
    int64_t tiles = c->tile_ptr[i + 1] - c->tile_ptr[i];
    park_overflows += tiles > room;
    park_fits += tiles > 0 && tiles <= room;
  }
}

static void count_dead_pairs(const fmt_tile *a, const fmt_tile *b) {
  for (int64_t ta = 0; ta < a->num_tiles; ta++) {
    unsigned cols = 0;
    for (int r = 0; r < FMT_TILE; r++)
      cols |= a->mask[FMT_TILE * ta + r];
    int32_t k = a->tile_col[ta];
    for (int64_t tb = b->tile_ptr[k]; tb < b->tile_ptr[k + 1]; tb++) {
      unsigned rows = 0;
      for (int r = 0; r < FMT_TILE; r++)
        rows |= b->mask[FMT_TILE * tb + r] ? 1u << r : 0u;
      dead_pairs += (cols & rows) == 0;
    }
  }
}

/* Every kernel choice on A*B (as a symmetric product when symmetric)
 * against ref: structure exact, values within 1e-12 |A||B|, the stats
 * describing C, a symmetric product exactly symmetric (checked on the
 * device). Variant 0 and the last, the row kernels wherever rows fit (AUTO
 * picks them only for large C), the first walking B's tile rows in windows
 * that skip dead pairs, the last in plain batches, reading B's column
 * order from B^T (as the setup does) and walking the leftover list (as
 * large products do), must be bitwise equal; the others are the two-pass pair
 * kernels alone with the dense, sparse and default accumulators, AUTO, the
 * numeric row kernel with each number of half-warps per row (the first
 * with the leftover list; those of 2 and 8 in windows), step 3 by dot
 * products from B^T twice (C compacted from the layout candidates, then
 * built in place from exact ones; a symmetric product takes the pair
 * kernel instead), which must be bitwise equal (both look B_kj up in its
 * column order: the two lookups can group the pair kernel's partial sums
 * differently), and steps 2 and 3
 * as one pass, three times: with B_kj looked up in B's column order (from
 * B^T), then twice in B's tile rows (given B^T the second time, which that
 * lookup ignores), and those two must be bitwise equal; the last two keep
 * SPGEMM_ONE_PASS_FEW_SLOTS values per candidate, so that the pair kernel
 * recomputes the fuller tiles. Variants look B's tiles up both ways
 * (b_lookup). The last four take step 1's candidates from the tile
 * layouts, so step 2 meets empty ones; with the row kernels, the
 * others' must be exactly C's tiles (also for a symmetric product, whose
 * lower tiles are candidates that steps 2 and 3 skip), as must those of
 * the pair kernels asked for exact candidates (C then built in place). */
static void check_kernels(const fmt_csr *a, const fmt_csr *b, const fmt_tile *da, const fmt_tile *db,
                          const fmt_tile *ref, int symmetric, const char *what) {
  fmt_tile *dbt = NULL; /* the last variant reads B's column order from B^T */
  CHECK_OK(fmt_tile_transpose_device(db, &dbt));
  const spgemm_passes two = SPGEMM_PASSES_TWO, one = SPGEMM_PASSES_ONE;
  const int thr = SPGEMM_DENSE_THRESHOLD;
  const spgemm_b_lookup_kind cols = SPGEMM_B_LOOKUP_COLUMNS, rows = SPGEMM_B_LOOKUP_ROWS;
  const int few = SPGEMM_ONE_PASS_FEW_SLOTS;
  const spgemm_tile_options variants[] = {
      {thr, SPGEMM_KERNELS_ROWS, symmetric, 0, NULL, 0, two, 0, cols, 1, 0, 0},
      {0, SPGEMM_KERNELS_PAIRS, symmetric, 0, NULL, 0, two, 0, rows, 0, 0, 0},
      {256, SPGEMM_KERNELS_PAIRS, symmetric, 0, NULL, 0, two, 0, cols, 0, 0, 0},
      {thr, SPGEMM_KERNELS_AUTO, symmetric, 0, NULL, 0, SPGEMM_PASSES_AUTO, 0, SPGEMM_B_LOOKUP_AUTO, 0, 0, 0},
      {thr, SPGEMM_KERNELS_PAIRS, symmetric, 0, NULL, 0, two, -1, cols, 0, 0, 0},
      {thr, SPGEMM_KERNELS_ROWS, symmetric, 1, NULL, 1, two, 0, rows, -1, 0, 0},
      {thr, SPGEMM_KERNELS_ROWS, symmetric, 2, NULL, 0, two, 0, cols, 1, 0, 0},
      {thr, SPGEMM_KERNELS_ROWS, symmetric, 4, NULL, 0, two, 0, cols, -1, 0, 0},
      {thr, SPGEMM_KERNELS_ROWS, symmetric, 8, NULL, 0, two, 0, cols, 1, 0, 0},
      {thr, SPGEMM_KERNELS_PAIRS, symmetric, 0, dbt, 0, two, 1, cols, 0, 0, 1},
      {thr, SPGEMM_KERNELS_PAIRS, symmetric, 0, dbt, 0, two, -1, cols, 0, 0, 1},
      {thr, SPGEMM_KERNELS_PAIRS, symmetric, 0, dbt, 0, one, 1, cols, 0, 0, 0},
      {thr, SPGEMM_KERNELS_PAIRS, symmetric, 0, NULL, 0, one, 1, rows, 0, few, 0},
      {thr, SPGEMM_KERNELS_PAIRS, symmetric, 0, dbt, 0, one, 1, rows, 0, few, 0},
      {thr, SPGEMM_KERNELS_ROWS, symmetric, 0, dbt, 1, two, 1, cols, 0, 0, 0}};
  const int last = (int)(sizeof variants / sizeof *variants) - 1, one_first = last - 2, dot_first = last - 5;
  fmt_tile *first = NULL, *first_one = NULL, *first_dot = NULL;
  for (int v = 0; v <= last; v++) {
    spgemm_stats st = {0};
    st.profile = symmetric && v == 0; /* each step then ends in a sync */
    fmt_tile *dc = NULL, *c = NULL;
    CHECK_OK(spgemm_tile_device(da, db, &dc, &variants[v], &st));
    if (dc && symmetric) {
      int yes = 0;
      CHECK_OK(fmt_tile_is_symmetric(dc, &yes));
      CHECK(yes, "%s (variant %d): the symmetric product is not symmetric", what, v);
    }
    if (dc)
      CHECK_OK(fmt_tile_download(dc, &c));
    if (c) {
      CHECK_OK(fmt_tile_validate(c));
      CHECK(test_tile_same_structure(c, ref),
            "%s (threshold %d, kernels %d, row split %d, passes %d): structure differs from the CPU reference",
            what, variants[v].dense_threshold, (int)variants[v].kernels, variants[v].row_split,
            (int)variants[v].passes);
      check_values(c, ref, a, b, what);
      CHECK(st.tiles == c->num_tiles && st.nnz == c->nnz && st.candidate_tiles >= st.tiles,
            "%s: stats do not describe C", what);
      /* exact candidates (asked for, or the row kernels' products): C's tiles */
      int exact = variants[v].layout_candidates < 0 ||
                  (variants[v].layout_candidates == 0 && variants[v].kernels == SPGEMM_KERNELS_ROWS);
      CHECK(!exact || st.candidate_tiles == c->num_tiles,
            "%s (variant %d): %lld exact candidates for %lld tiles of C", what, v, (long long)st.candidate_tiles,
            (long long)c->num_tiles);
      if (v == 0)
        first = c, c = NULL;
      else if (v == dot_first)
        first_dot = c, c = NULL;
      else if (v == dot_first + 1)
        CHECK(test_tile_identical(c, first_dot), "%s: two runs of the dot kernel differ", what);
      else if (v == one_first) {
        first_one = c, c = NULL;
        one_pass_dropped += !symmetric && st.candidate_tiles > st.tiles;
      }
      else if (v == one_first + 1)
        CHECK(test_tile_identical(c, first_one), "%s: two runs of the one-pass product differ", what);
      else if (v == last)
        CHECK(test_tile_identical(c, first),
              "%s: two runs (the second with B's column order from B^T and the leftover list) differ", what);
    }
    fmt_tile_destroy(c);
    fmt_tile_destroy(dc);
  }
  fmt_tile_destroy(first);
  fmt_tile_destroy(first_one);
  fmt_tile_destroy(first_dot);
  fmt_tile_destroy(dbt);
}

/* with_cusparse = 0 skips the cuSPARSE cross-check, for shapes where its
 * default algorithm reports insufficient resources (said in the output). */
static void check_product_ex(const fmt_csr *a, const fmt_csr *b, const char *what, int with_cusparse) {
  fmt_tile *ta = NULL, *tb = NULL, *ref = NULL, *da = NULL, *db = NULL;
  CHECK_OK(fmt_tile_from_csr(a, &ta));
  CHECK_OK(fmt_tile_from_csr(b, &tb));
  CHECK_OK(spgemm_tile_reference(ta, tb, &ref));
  if (ta && tb)
    count_dead_pairs(ta, tb);
  if (ta && ref)
    count_park_rows(ta, ref);
  CHECK_OK(fmt_tile_upload(ta, &da));
  CHECK_OK(fmt_tile_upload(tb, &db));
  if (!ref || !da || !db)
    goto done;
  int64_t products = -1;
  CHECK_OK(spgemm_tile_products_device(da, db, &products));
  CHECK(products == spgemm_csr_products(a, b), "%s: GPU product count %lld, CSR reference %lld", what,
        (long long)products, (long long)spgemm_csr_products(a, b));
  check_kernels(a, b, da, db, ref, 0, what);
  fmt_tile *dc = NULL, *c = NULL;
  if (!with_cusparse) {
    printf("%s: no cuSPARSE cross-check for this shape\n", what);
    goto done;
  }
  amg_status cs = spgemm_multiply_device(SPGEMM_CUSPARSE, da, db, NULL, 0, &dc, NULL);
  CHECK(cs == AMG_OK, "%s: cuSPARSE backend: %s", what, amg_error_message());
  if (cs == AMG_OK)
    CHECK_OK(fmt_tile_download(dc, &c));
  if (c) {
    CHECK(test_tile_same_structure(c, ref), "%s: cuSPARSE structure differs", what);
    check_values(c, ref, a, b, what);
  }
  fmt_tile_destroy(c);
  fmt_tile_destroy(dc);
done:
  fmt_tile_destroy(ta);
  fmt_tile_destroy(tb);
  fmt_tile_destroy(ref);
  fmt_tile_destroy(da);
  fmt_tile_destroy(db);
}

static void check_product(const fmt_csr *a, const fmt_csr *b, const char *what) {
  check_product_ex(a, b, what, 1);
}

/* A*B known to be symmetric, computed as such by every numeric kernel: the
 * CPU symmetric product's structure, values within 1e-12 |A||B| of it,
 * exactly symmetric (checked on the device), and two runs bitwise equal. */
static void check_symmetric(const fmt_csr *a, const fmt_csr *b, const char *what) {
  fmt_tile *ta = NULL, *tb = NULL, *ref = NULL, *da = NULL, *db = NULL;
  CHECK_OK(fmt_tile_from_csr(a, &ta));
  CHECK_OK(fmt_tile_from_csr(b, &tb));
  CHECK_OK(spgemm_tile_symmetric_reference(ta, tb, &ref));
  CHECK_OK(fmt_tile_upload(ta, &da));
  CHECK_OK(fmt_tile_upload(tb, &db));
  if (ref && da && db)
    check_kernels(a, b, da, db, ref, 1, what);
  fmt_tile_destroy(ta);
  fmt_tile_destroy(tb);
  fmt_tile_destroy(ref);
  fmt_tile_destroy(da);
  fmt_tile_destroy(db);
}

/* A product given as symmetric whose pattern is not refused with
 * AMG_ERR_ARG by every kernel choice: an upper tile whose twin is not a
 * candidate (A has one entry, (0, 20), and B = I), and diagonal tiles whose
 * masks are not symmetric (two random square matrices). A lower tile whose
 * twin is empty (A's one entry at (20, 0)) is refused where C's tiles are
 * the exact candidates (the row kernels'); the other kernels skip lower
 * candidates and return the mirror of the upper product. */
static void check_unsymmetric_patterns(void) {
  fmt_csr *one = NULL, *low = NULL, *eye = NULL;
  fmt_csr *x = test_random_csr(37, 37, 0.2, 123, 0, 0), *y = test_random_csr(37, 37, 0.2, 124, 0, 0);
  CHECK_OK(fmt_csr_create(32, 32, 1, FMT_HOST, &one));
  CHECK_OK(fmt_csr_create(32, 32, 1, FMT_HOST, &low));
  CHECK_OK(fmt_csr_create(32, 32, 32, FMT_HOST, &eye));
  if (!one || !low || !eye)
    goto done;
  for (int32_t i = 0; i <= 32; i++) {
    one->row_ptr[i] = i > 0;
    low->row_ptr[i] = i > 20;
    eye->row_ptr[i] = i;
  }
  one->col[0] = 20;
  one->val[0] = 1.0;
  low->col[0] = 0;
  low->val[0] = 1.0;
  for (int32_t i = 0; i < 32; i++) {
    eye->col[i] = i;
    eye->val[i] = 1.0;
  }
  const fmt_csr *pairs[3][2] = {{one, eye}, {x, y}, {low, eye}};
  for (int p = 0; p < 3; p++) {
    fmt_tile *ta = NULL, *tb = NULL, *da = NULL, *db = NULL;
    CHECK_OK(fmt_tile_from_csr(pairs[p][0], &ta));
    CHECK_OK(fmt_tile_from_csr(pairs[p][1], &tb));
    CHECK_OK(fmt_tile_upload(ta, &da));
    CHECK_OK(fmt_tile_upload(tb, &db));
    for (int v = 0; da && db && v < (p == 2 ? 1 : 3); v++) {
      spgemm_tile_options sym = {SPGEMM_DENSE_THRESHOLD, v == 0 ? SPGEMM_KERNELS_ROWS : SPGEMM_KERNELS_PAIRS, 1,
                                 0, NULL, 0, v == 2 ? SPGEMM_PASSES_ONE : SPGEMM_PASSES_TWO, p == 1,
                                 SPGEMM_B_LOOKUP_AUTO, 0, 0, 0};
      fmt_tile *dc = NULL;
      CHECK_ERROR(spgemm_tile_device(da, db, &dc, &sym, NULL), AMG_ERR_ARG, "pattern of A*B is not symmetric");
      CHECK(dc == NULL, "a refused product returned C");
    }
    fmt_tile_destroy(ta);
    fmt_tile_destroy(tb);
    fmt_tile_destroy(da);
    fmt_tile_destroy(db);
  }
done:
  fmt_csr_destroy(x);
  fmt_csr_destroy(y);
  fmt_csr_destroy(one);
  fmt_csr_destroy(low);
  fmt_csr_destroy(eye);
}

/* Each test matrix's A*A^T and A^T*A as symmetric products; a rectangular
 * product, products whose pattern is not symmetric and bad options refused. */
static void check_symmetric_products(void) {
  fmt_csr *x = test_random_csr(37, 53, 0.2, 121, 0, 0), *y = test_random_csr(53, 20, 0.2, 122, 0, 0);
  fmt_tile *tx = NULL, *ty = NULL, *dx = NULL, *dy = NULL, *dc = NULL;
  CHECK_OK(fmt_tile_from_csr(x, &tx));
  CHECK_OK(fmt_tile_from_csr(y, &ty));
  CHECK_OK(fmt_tile_upload(tx, &dx));
  CHECK_OK(fmt_tile_upload(ty, &dy));
  spgemm_tile_options sym = {SPGEMM_DENSE_THRESHOLD, SPGEMM_KERNELS_AUTO, 1, 0, NULL, 0, SPGEMM_PASSES_AUTO, 0,
                             SPGEMM_B_LOOKUP_AUTO, 0, 0, 0};
  spgemm_tile_options split3 = {SPGEMM_DENSE_THRESHOLD, SPGEMM_KERNELS_ROWS, 0, 3, NULL, 0, SPGEMM_PASSES_AUTO, 0,
                                SPGEMM_B_LOOKUP_AUTO, 0, 0, 0};
  spgemm_tile_options passes3 = {SPGEMM_DENSE_THRESHOLD, SPGEMM_KERNELS_AUTO, 0, 0, NULL, 0, (spgemm_passes)3, 0,
                                 SPGEMM_B_LOOKUP_AUTO, 0, 0, 0};
  spgemm_tile_options lookup3 = {SPGEMM_DENSE_THRESHOLD, SPGEMM_KERNELS_AUTO, 0, 0, NULL, 0, SPGEMM_PASSES_AUTO, 0,
                                 (spgemm_b_lookup_kind)3, 0, 0, 0};
  spgemm_tile_options windows2 = {SPGEMM_DENSE_THRESHOLD, SPGEMM_KERNELS_AUTO, 0, 0, NULL, 0, SPGEMM_PASSES_AUTO, 0,
                                  SPGEMM_B_LOOKUP_AUTO, 2, 0, 0};
  spgemm_tile_options slots100 = {SPGEMM_DENSE_THRESHOLD, SPGEMM_KERNELS_AUTO, 0, 0, NULL, 0, SPGEMM_PASSES_ONE, 0,
                                  SPGEMM_B_LOOKUP_AUTO, 0, 100, 0};
  spgemm_tile_options dot2 = {SPGEMM_DENSE_THRESHOLD, SPGEMM_KERNELS_AUTO, 0, 0, NULL, 0, SPGEMM_PASSES_AUTO, 0,
                              SPGEMM_B_LOOKUP_AUTO, 0, 0, 2};
  spgemm_tile_options kernels3 = {SPGEMM_DENSE_THRESHOLD, (spgemm_kernels)3, 0, 0, NULL, 0, SPGEMM_PASSES_AUTO, 0,
                                  SPGEMM_B_LOOKUP_AUTO, 0, 0, 0};
  spgemm_tile_options list2 = {SPGEMM_DENSE_THRESHOLD, SPGEMM_KERNELS_AUTO, 0, 0, NULL, 2, SPGEMM_PASSES_AUTO, 0,
                               SPGEMM_B_LOOKUP_AUTO, 0, 0, 0};
  spgemm_tile_options layout2 = {SPGEMM_DENSE_THRESHOLD, SPGEMM_KERNELS_AUTO, 0, 0, NULL, 0, SPGEMM_PASSES_AUTO, 2,
                                 SPGEMM_B_LOOKUP_AUTO, 0, 0, 0};
  /* x (37 x 53) given as y's transpose (20 x 53) */
  spgemm_tile_options wrong_bt = {SPGEMM_DENSE_THRESHOLD, SPGEMM_KERNELS_AUTO, 0, 0, dx, 0, SPGEMM_PASSES_AUTO, 0,
                                  SPGEMM_B_LOOKUP_COLUMNS, 0, 0, 0};
  if (dx && dy) {
    CHECK_ERROR(spgemm_tile_device(dx, dy, &dc, &sym, NULL), AMG_ERR_ARG, "must be square");
    CHECK_ERROR(spgemm_tile_device(dx, dy, &dc, &split3, NULL), AMG_ERR_ARG, "row_split 3");
    CHECK_ERROR(spgemm_tile_device(dx, dy, &dc, &passes3, NULL), AMG_ERR_ARG, "passes 3");
    CHECK_ERROR(spgemm_tile_device(dx, dy, &dc, &lookup3, NULL), AMG_ERR_ARG, "b_lookup 3");
    CHECK_ERROR(spgemm_tile_device(dx, dy, &dc, &windows2, NULL), AMG_ERR_ARG, "row_windows 2");
    CHECK_ERROR(spgemm_tile_device(dx, dy, &dc, &slots100, NULL), AMG_ERR_ARG, "one_pass_slots 100");
    CHECK_ERROR(spgemm_tile_device(dx, dy, &dc, &dot2, NULL), AMG_ERR_ARG, "numeric_dot 2");
    CHECK_ERROR(spgemm_tile_device(dx, dy, &dc, &kernels3, NULL), AMG_ERR_ARG, "kernels 3");
    CHECK_ERROR(spgemm_tile_device(dx, dy, &dc, &list2, NULL), AMG_ERR_ARG, "leftover_list 2");
    CHECK_ERROR(spgemm_tile_device(dx, dy, &dc, &layout2, NULL), AMG_ERR_ARG, "layout_candidates 2");
    CHECK_ERROR(spgemm_tile_device(dx, dy, &dc, &wrong_bt, NULL), AMG_ERR_ARG, "not the transpose of B");
  }
  fmt_tile_destroy(tx);
  fmt_tile_destroy(ty);
  fmt_tile_destroy(dx);
  fmt_tile_destroy(dy);
  fmt_csr_destroy(x);
  fmt_csr_destroy(y);
  test_each_symmetric_product(check_symmetric);
  check_unsymmetric_patterns();
}

/* A Galerkin level: A*P, P^T*A, P^T*(AP), (P^T A)*P. */
static void check_galerkin(int stencil, int32_t n) {
  int dims = fmt_poisson_dims(stencil);
  fmt_csr *a = NULL, *p = NULL, *pt = NULL, *ap = NULL, *pta = NULL;
  int32_t nc = 0;
  char what[96];
  CHECK_OK(fmt_poisson(stencil, n, &a));
  CHECK_OK(spgemm_structured_prolongator(a, dims, n, &p, &nc));
  CHECK_OK(fmt_csr_transpose(p, &pt));
  CHECK_OK(spgemm_csr_reference(a, p, &ap));
  CHECK_OK(spgemm_csr_reference(pt, a, &pta));
  if (ap && pta) {
    snprintf(what, sizeof what, "poisson %d n=%d: A*P", stencil, n);
    check_product(a, p, what);
    snprintf(what, sizeof what, "poisson %d n=%d: P^T*A", stencil, n);
    check_product(pt, a, what);
    snprintf(what, sizeof what, "poisson %d n=%d: P^T*(AP)", stencil, n);
    check_product(pt, ap, what);
    snprintf(what, sizeof what, "poisson %d n=%d: (P^T A)*P", stencil, n);
    check_product(pta, p, what);
    snprintf(what, sizeof what, "poisson %d n=%d: P^T*(AP) as symmetric", stencil, n);
    check_symmetric(pt, ap, what);
    snprintf(what, sizeof what, "poisson %d n=%d: (P^T A)*P as symmetric", stencil, n);
    check_symmetric(pta, p, what);
  }
  fmt_csr_destroy(a);
  fmt_csr_destroy(p);
  fmt_csr_destroy(pt);
  fmt_csr_destroy(ap);
  fmt_csr_destroy(pta);
}

/* A second Galerkin product large enough for the one-pass kernel's units
 * to loop over its candidates (tile_one_pass.cu): pair lists of more than
 * 16 tiles on average (one pass) and many more candidates than one wave
 * of units. 2D 5-point at n = 1024 (spgemm_bench's size): P^T*(AP) has
 * 51,003 candidate tiles there, 8 per unit on an H100, enough for the
 * compaction's blocks of 128 candidates (tile_symbolic.cu; the smaller
 * products take blocks of 32); its lists of 20 tiles take a half-warp per
 * candidate (a warp as a symmetric product). 3D 27-point at n = 60 has
 * lists of over SPGEMM_ONE_PASS_WARP_LIST tiles: a warp per candidate.
 * Both also as symmetric products. */
static void check_second_product(int stencil, int32_t n) {
  fmt_csr *a = NULL, *p = NULL, *pt = NULL, *ap = NULL;
  fmt_tile *tpt = NULL, *tap = NULL;
  int32_t nc = 0;
  int warp = stencil == 27;
  CHECK_OK(fmt_poisson(stencil, n, &a));
  CHECK_OK(spgemm_structured_prolongator(a, fmt_poisson_dims(stencil), n, &p, &nc));
  CHECK_OK(fmt_csr_transpose(p, &pt));
  CHECK_OK(spgemm_csr_reference(a, p, &ap));
  CHECK_OK(fmt_tile_from_csr(pt, &tpt));
  CHECK_OK(fmt_tile_from_csr(ap, &tap));
  if (tpt && tap) {
    double list = spgemm_mean_list(tpt, tap);
    printf("poisson %d n=%d: P^T*(AP) pair lists %.1f tiles on average\n", stencil, n, list);
    CHECK(list > 16.0 && (list > SPGEMM_ONE_PASS_WARP_LIST) == warp,
          "poisson %d n=%d: P^T*(AP) pair lists of %.1f tiles; the test needs more than 16, and %s %.0f", stencil, n,
          list, warp ? "more than" : "at most", SPGEMM_ONE_PASS_WARP_LIST);
    char what[64];
    snprintf(what, sizeof what, "poisson %d n=%d: P^T*(AP)", stencil, n);
    check_product(pt, ap, what);
    snprintf(what, sizeof what, "poisson %d n=%d: P^T*(AP) as symmetric", stencil, n);
    check_symmetric(pt, ap, what);
  }
  fmt_tile_destroy(tpt);
  fmt_tile_destroy(tap);
  fmt_csr_destroy(a);
  fmt_csr_destroy(p);
  fmt_csr_destroy(pt);
  fmt_csr_destroy(ap);
}

/* Rows 0-39 full, then `sparse` (square) shifted by 40 rows and columns.
 * With 360 rows of up to 3 random entries, C = A^2 has tile rows of
 * 3,200-6,400 entries (the numeric pair kernel) and of about 150 (the
 * numeric row kernel). With a 1,160-row band, its first three tile rows
 * have 75 candidate tiles (the symbolic pair kernel) and the others 1-3
 * (the symbolic row kernel; count_row_kinds). */
static fmt_csr *mixed_rows(fmt_csr *sparse) {
  fmt_csr *m = NULL;
  int32_t n = sparse ? sparse->m + 40 : 0;
  if (sparse && fmt_csr_create(n, n, 40 * (int64_t)n + sparse->nnz, FMT_HOST, &m) == AMG_OK) {
    int64_t k = 0;
    m->row_ptr[0] = 0;
    for (int32_t i = 0; i < n; i++) {
      if (i < 40)
        for (int32_t j = 0; j < n; j++, k++) {
          m->col[k] = j;
          m->val[k] = 1.0 + 0.001 * (i + j);
        }
      else
        for (int64_t q = sparse->row_ptr[i - 40]; q < sparse->row_ptr[i - 39]; q++, k++) {
          m->col[k] = sparse->col[q] + 40;
          m->val[k] = sparse->val[q];
        }
      m->row_ptr[i + 1] = k;
    }
  }
  fmt_csr_destroy(sparse);
  return m;
}

/* Tile rows of A^2 with more than SPGEMM_SYMBOLIC_ROW_CANDS candidate tiles
 * (the tile columns j of some B tile (k, j) with an A tile (i, k)), and
 * with 1 to that many: the symbolic pair and row kernels' shares. */
static void count_row_kinds(const fmt_csr *a, int64_t *over, int64_t *within) {
  fmt_tile *t = NULL;
  CHECK_OK(fmt_tile_from_csr(a, &t));
  int32_t *seen = t ? calloc((size_t)t->tile_n + 1, sizeof *seen) : NULL;
  for (int32_t i = 0; seen && i < t->tile_m; i++) {
    int64_t cands = 0;
    for (int64_t ta = t->tile_ptr[i]; ta < t->tile_ptr[i + 1]; ta++)
      for (int64_t tb = t->tile_ptr[t->tile_col[ta]]; tb < t->tile_ptr[t->tile_col[ta] + 1]; tb++)
        if (seen[t->tile_col[tb]] != i + 1) {
          seen[t->tile_col[tb]] = i + 1;
          cands++;
        }
    if (cands > SPGEMM_SYMBOLIC_ROW_CANDS)
      (*over)++;
    else if (cands > 0)
      (*within)++;
  }
  free(seen);
  fmt_tile_destroy(t);
}

/* The n x n identity. */
static fmt_csr *identity_csr(int32_t n) {
  fmt_csr *m = NULL;
  if (fmt_csr_create(n, n, n, FMT_HOST, &m) != AMG_OK)
    return NULL;
  m->row_ptr[0] = 0;
  for (int32_t i = 0; i < n; i++) {
    m->col[i] = i;
    m->val[i] = 1.0;
    m->row_ptr[i + 1] = i + 1;
  }
  return m;
}

/* C = A*I with A's tile rows of 16 rows of len[t] entries each (in columns
 * 0, 1, ...; at most 40): C tile rows of 16 len[t] entries. 6, 20, 27 and
 * 40 give one of 96, 320, 432 and 640 entries for each instance of the
 * numeric row kernel (up to 256, 400 and SPGEMM_ROW_SLOTS entries,
 * tile_numeric_rows.cu) and one for the pair kernel. *id gets the 512 x
 * 512 identity. */
static fmt_csr *row_lengths(const int *len, int tile_rows, fmt_csr **id) {
  fmt_csr *m = NULL;
  int64_t nnz = 0;
  for (int t = 0; t < tile_rows; t++)
    nnz += 16 * len[t];
  *id = NULL;
  if (fmt_csr_create(16 * tile_rows, 512, nnz, FMT_HOST, &m) != AMG_OK || !(*id = identity_csr(512))) {
    fmt_csr_destroy(m);
    return NULL;
  }
  int64_t k = 0;
  m->row_ptr[0] = 0;
  for (int32_t i = 0; i < 16 * tile_rows; i++) {
    for (int32_t j = 0; j < len[i / 16]; j++, k++) {
      m->col[k] = j;
      m->val[k] = 1.0 + 0.001 * (i + j);
    }
    m->row_ptr[i + 1] = k;
  }
  return m;
}

/* B (n x 80) with entries in columns i % 16 + 16 j, j = 0..4, in row i:
 * B's tile rows hold 5 tiles each, so I*B overflows step 1's park (4 per
 * tile of A's rows, which are I's 1). */
static fmt_csr *five_tile_columns(int32_t n) {
  fmt_csr *m = NULL;
  if (fmt_csr_create(n, 80, 5 * (int64_t)n, FMT_HOST, &m) != AMG_OK)
    return NULL;
  int64_t k = 0;
  m->row_ptr[0] = 0;
  for (int32_t i = 0; i < n; i++) {
    for (int32_t j = 0; j < 5; j++, k++) {
      m->col[k] = i % 16 + 16 * j;
      m->val[k] = 1.0 + 1e-3 * j + 1e-7 * (i % 1013);
    }
    m->row_ptr[i + 1] = k;
  }
  return m;
}

/* Entries (i, i) and (i, i + 1) on n rows: A^2 has 62,500 tile rows and
 * 125,000 candidate tiles at n = 10^6, more than the counting kernels scan
 * in one wave of units of at most SPGEMM_SCAN_MAX_LEN items on GPUs of up to
 * 1.8 H100s (spgemm/last_block_scan.cuh), so they take the CUB scan; the
 * small products above take the fused scan. */
static fmt_csr *upper_band(int32_t n) {
  fmt_csr *m = NULL;
  if (fmt_csr_create(n, n, 2 * (int64_t)n - 1, FMT_HOST, &m) != AMG_OK)
    return NULL;
  int64_t k = 0;
  m->row_ptr[0] = 0;
  for (int32_t i = 0; i < n; i++) {
    for (int32_t j = i; j <= i + 1 && j < n; j++, k++) {
      m->col[k] = j;
      m->val[k] = 1.0 + 1e-6 * (i % 1000) + (j > i ? 0.5 : 0.0);
    }
    m->row_ptr[i + 1] = k;
  }
  return m;
}

/* Columns i, i + n/3 and i + 2n/3 (mod n) in row i: A's tile rows hold
 * about 3 tiles, so step 1 gives a row a quarter warp, and C's candidate
 * columns span 2n/3 columns, several of that group's bitmap windows. */
static fmt_csr *far_bands(int32_t n) {
  fmt_csr *m = NULL;
  if (fmt_csr_create(n, n, 3 * (int64_t)n, FMT_HOST, &m) != AMG_OK)
    return NULL;
  int64_t k = 0;
  m->row_ptr[0] = 0;
  for (int32_t i = 0; i < n; i++) {
    int32_t c[3] = {i, (i + n / 3) % n, (i + 2 * (n / 3)) % n};
    for (int a = 0; a < 3; a++) /* sorted */
      for (int b = a + 1; b < 3; b++)
        if (c[b] < c[a]) {
          int32_t t = c[a];
          c[a] = c[b];
          c[b] = t;
        }
    for (int a = 0; a < 3; a++, k++) {
      m->col[k] = c[a];
      m->val[k] = c[a] == i ? 4.0 : -1.0 - 1e-6 * (i % 977);
    }
    m->row_ptr[i + 1] = k;
  }
  return m;
}

/* Wide rows: candidate ranges past one bitmap window (8192 tile columns). */
static void check_wide_products(void) {
  fmt_csr *wide_a = test_random_csr_rows(40, 300000, 15, 31);
  fmt_csr *wide_at = NULL;
  CHECK_OK(fmt_csr_transpose(wide_a, &wide_at));
  fmt_csr *wide_b = test_random_csr_rows(300000, 1000000, 2, 32);
  fmt_csr *wide_c = test_random_csr_rows(300000, 2000000, 2, 33);
  check_product_ex(wide_at, wide_a, "wide: A^T*A (300000 x 300000; step 1 by warps, 3 bitmap windows)", 0);
  /* cuSPARSE's default SpGEMM reports "insufficient resources" on the wide
   * shapes (H100, CUDA 13.0), so they are checked against the CPU only.
   * A's 3 tile rows of about 200 tiles take step 1's block per row (of
   * 1024 threads: no more rows than multiprocessors). */
  check_product_ex(wide_a, wide_b, "wide: A*B, 62500 tile columns (step 1 by blocks, 1 bitmap window)", 0);
  check_product_ex(wide_a, wide_c, "wide: A*C, 125000 tile columns (step 1 by blocks, 2 bitmap windows)", 0);
  /* 200 tile rows (more than the multiprocessors) of about 240 tiles: step
   * 1's blocks per row of 256 threads; the 3 rows above take 1024. */
  fmt_csr *many_a = test_random_csr_rows(3200, 300000, 15, 34);
  check_product_ex(many_a, wide_b, "wide: A*B, 200 tile rows (step 1 by blocks of 256 threads)", 0);
  fmt_csr_destroy(many_a);
  fmt_csr_destroy(wide_a);
  fmt_csr_destroy(wide_at);
  fmt_csr_destroy(wide_b);
  fmt_csr_destroy(wide_c);
}

static void check_far_bands(void) {
  fmt_csr *far = far_bands(120000);
  CHECK(far != NULL, "far bands: could not build the matrix");
  if (far)
    check_product(far, far, "far bands: A^2 (step 1 by quarter warps, 3 bitmap windows)");
  fmt_csr_destroy(far);
}

static void check_mixed_rows(void) {
  for (int banded = 0; banded <= 1; banded++) {
    fmt_csr *mixed = mixed_rows(banded ? upper_band(1160) : test_random_csr_rows(360, 360, 3, 41));
    CHECK(mixed != NULL, "mixed rows: could not build the matrix");
    if (!mixed)
      continue;
    if (banded) {
      int64_t over = 0, within = 0;
      count_row_kinds(mixed, &over, &within);
      CHECK(over > 0 && within > 0,
            "mixed rows: A^2 should have tile rows on both sides of %d candidates, has %lld over and %lld within",
            SPGEMM_SYMBOLIC_ROW_CANDS, (long long)over, (long long)within);
    }
    check_product(mixed, mixed, banded ? "mixed rows, banded: A^2" : "mixed rows: A^2");
    fmt_csr_destroy(mixed);
  }
}

/* C's rows average more than 256 entries in the first product, at most that
 * in the second: the larger row-kernel instances take their rows directly in
 * one, from lists in the other (spgemm_numeric_rows_device). */
static void check_row_lengths(void) {
  CHECK(432 <= SPGEMM_ROW_SLOTS && SPGEMM_ROW_SLOTS < 640, "row lengths: SPGEMM_ROW_SLOTS is %d, not in [432, 640)",
        SPGEMM_ROW_SLOTS);
  static const int long_rows[] = {6, 20, 27, 40}, short_rows[] = {6, 6, 20, 6, 6, 27, 6, 6, 40, 6};
  for (int mostly_short = 0; mostly_short <= 1; mostly_short++) {
    fmt_csr *identity = NULL;
    int tile_rows = mostly_short ? 10 : 4;
    fmt_csr *lengths = row_lengths(mostly_short ? short_rows : long_rows, tile_rows, &identity);
    CHECK(lengths != NULL, "row lengths: could not build the matrices");
    /* 256: SPGEMM_SHORT_ROW_SLOTS (spgemm_device.cuh), the rule's bound */
    if (lengths)
      CHECK(mostly_short == (lengths->nnz <= 256 * (int64_t)tile_rows),
            "row lengths: C's rows average %.1f entries, on the wrong side of 256 for this case",
            (double)lengths->nnz / tile_rows);
    if (lengths)
      check_product(lengths, identity,
                    mostly_short ? "row lengths: A*I, C tile rows of 96 (7 of them), 320, 432 and 640 entries"
                                 : "row lengths: A*I, C tile rows of 96, 320, 432 and 640 entries");
    fmt_csr_destroy(lengths);
    fmt_csr_destroy(identity);
  }
}

/* Operands without rows or entries: C has no tiles (no count, no scan). */
static void check_empty_operands(void) {
  /* A with no rows: C is 0 x 5. */
  fmt_csr *no_rows = NULL, *square = test_random_csr(5, 5, 0.5, 109, 0, 0);
  CHECK_OK(fmt_csr_create(0, 5, 0, FMT_HOST, &no_rows));
  if (no_rows)
    no_rows->row_ptr[0] = 0;
  if (no_rows && square)
    check_product(no_rows, square, "no rows: 0x5 times 5x5");
  fmt_csr_destroy(no_rows);
  /* A with rows but no entries: no candidates (nothing to scan), C has no tiles. */
  fmt_csr *no_entries = NULL, *square40 = test_random_csr(40, 40, 0.3, 110, 0, 0);
  CHECK_OK(fmt_csr_create(40, 40, 0, FMT_HOST, &no_entries));
  if (no_entries)
    for (int32_t i = 0; i <= 40; i++)
      no_entries->row_ptr[i] = 0;
  if (no_entries && square40)
    check_product(no_entries, square40, "no entries: 40x40 without entries times 40x40");
  if (no_entries)
    check_symmetric(no_entries, no_entries, "no entries: the same squared, as a symmetric product");
  fmt_csr_destroy(no_entries);
  fmt_csr_destroy(square40);
  fmt_csr_destroy(square);
}

static void check_park_overflow(void) {
  /* More candidates than step 1 parks, with the fused count (few rows) and
   * with CUB's scan (2^19 rows, as band below). The wide products above
   * overflow it with a block per row where their candidates come from the
   * tile layouts (the last variants of check_kernels). */
  static const int32_t park_rows[] = {64, 1 << 19};
  for (int q = 0; q < 2; q++) {
    fmt_csr *eye = identity_csr(park_rows[q]), *five = five_tile_columns(park_rows[q]);
    CHECK(eye && five, "park overflow: could not build the matrices");
    if (eye && five)
      check_product(eye, five, q == 0 ? "park overflow: I*B, B's tile rows of 5 tiles (64 rows)"
                                      : "park overflow: I*B, B's tile rows of 5 tiles (2^19 rows)");
    fmt_csr_destroy(eye);
    fmt_csr_destroy(five);
  }
}

static void check_band(void) {
  fmt_csr *band = upper_band(1000000);
  CHECK(band != NULL, "band: could not build the matrix");
  if (band)
    check_product(band, band, "band: A^2 (10^6 rows; the CUB scan path)");
  fmt_csr_destroy(band);
}

static void check_each_product(void) { test_each_product(check_product); }
static void check_galerkin_2d(void) {
  check_galerkin(5, 60);
  check_galerkin(9, 45);
}
static void check_galerkin_3d(void) {
  check_galerkin(7, 20);
  check_galerkin(27, 14);
}
static void check_second_product_2d(void) { check_second_product(5, 1024); }
static void check_second_product_3d(void) { check_second_product(27, 60); }

/* The test's sections in order. `test_gpu_spgemm K/N` runs part K of N (the
 * sections whose index is K modulo N), so that a sanitizer can take the test
 * in parts, each within the GPU machine's 10 minutes per command (racecheck
 * of the whole ran past 575 s in run 297). CTest runs it whole. */
static void (*const sections[])(void) = {
    check_each_product, check_symmetric_products, check_wide_products, check_far_bands,
    check_mixed_rows,   check_row_lengths,        check_empty_operands, check_park_overflow,
    check_band,         check_galerkin_2d,        check_galerkin_3d,    check_second_product_2d,
    check_second_product_3d,
};

int main(int argc, char **argv) {
  int part = 0, parts = 1;
  char rest;
  if (argc > 2 || (argc == 2 && (sscanf(argv[1], "%d/%d%c", &part, &parts, &rest) != 2 || parts < 1 ||
                                 part < 0 || part >= parts))) {
    fprintf(stderr, "usage: test_gpu_spgemm [K/N]: all sections, or part K of N (0 <= K < N)\n");
    return 2;
  }
  test_require_device("test_gpu_spgemm");
  int count = (int)(sizeof sections / sizeof *sections);
  for (int i = part; i < count; i += parts)
    sections[i]();
  if (parts > 1) {
    /* The coverage checks below count over every section. */
    printf("test_gpu_spgemm: part %d of %d (sections", part, parts);
    for (int i = part; i < count; i += parts)
      printf(" %d", i);
    printf(" of 0..%d) only; the coverage checks need the whole test\n", count - 1);
    return test_finish("test_gpu_spgemm");
  }
  CHECK(one_pass_dropped > 0, "no product had empty candidates in one pass, so that path went untested");
  CHECK(dead_pairs > 0, "no product had dead tile pairs, so the row kernels' skip went untested");
  CHECK(park_overflows > 0 && park_fits > 0,
        "step 1's park: %lld C tile rows over it and %lld within; both ways must be tested",
        (long long)park_overflows, (long long)park_fits);
  return test_finish("test_gpu_spgemm");
}
