/* The tiled CPU SpGEMM against the CSR Gustavson reference, and the CSR
 * reference against a dense i-j-k triple loop on small inputs; the symmetric
 * product against the CSR reference on A*A^T, A^T*A and Galerkin products. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "spgemm.h"
#include "test_util.h"

/* a as a dense row-major array, with which entries it stores (an explicit
 * zero included). */
static double *dense_of(const fmt_csr *a, char **stored) {
  double *d = calloc((size_t)a->m * a->n + 1, sizeof *d);
  *stored = calloc((size_t)a->m * a->n + 1, 1);
  for (int32_t i = 0; d && *stored && i < a->m; i++)
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++) {
      d[(size_t)i * a->n + a->col[k]] = a->val[k];
      (*stored)[(size_t)i * a->n + a->col[k]] = 1;
    }
  return d;
}

/* The independent oracle: a dense i-j-k triple loop, whose structural
 * pattern holds (i, j) when a stored a_ik meets a stored b_kj. */
static void check_against_dense(const fmt_csr *a, const fmt_csr *b, const fmt_csr *c, const char *what) {
  size_t mn = (size_t)a->m * b->n;
  int32_t inner = a->n, n = b->n;
  char *sa = NULL, *sb = NULL;
  double *da = dense_of(a, &sa), *db = dense_of(b, &sb);
  double *d = calloc(mn + 1, sizeof *d);
  char *present = calloc(mn + 1, 1);
  int ok = da && db && sa && sb && d && present;
  CHECK(ok, "%s: out of memory", what);
  for (int32_t i = 0; ok && i < a->m; i++)
    for (int32_t j = 0; j < n; j++)
      for (int32_t k = 0; k < inner; k++)
        if (sa[(size_t)i * inner + k] && sb[(size_t)k * n + j]) {
          d[(size_t)i * n + j] += da[(size_t)i * inner + k] * db[(size_t)k * n + j];
          present[(size_t)i * n + j] = 1;
        }
  free(da);
  free(db);
  free(sa);
  free(sb);
  if (!ok) {
    free(d);
    free(present);
    return;
  }
  int64_t count = 0;
  for (size_t e = 0; e < mn; e++)
    count += present[e];
  CHECK(count == c->nnz, "%s: dense oracle has %lld entries, CSR reference %lld", what,
        (long long)count, (long long)c->nnz);
  for (int32_t i = 0; i < c->m; i++)
    for (int64_t k = c->row_ptr[i]; k < c->row_ptr[i + 1]; k++) {
      size_t e = (size_t)i * b->n + c->col[k];
      CHECK(present[e] && fabs(c->val[k] - d[e]) <= 1e-13 * (1 + fabs(d[e])),
            "%s: (%d,%d) = %g, dense %g", what, i, c->col[k], c->val[k], d[e]);
    }
  free(d);
  free(present);
}

/* A copy of a with its odd rows emptied. */
static fmt_csr *only_even_rows(const fmt_csr *a) {
  fmt_csr *c = NULL;
  if (fmt_csr_create(a->m, a->n, a->nnz, FMT_HOST, &c) != AMG_OK)
    return NULL;
  int64_t k = 0;
  c->row_ptr[0] = 0;
  for (int32_t i = 0; i < a->m; i++) {
    for (int64_t ka = a->row_ptr[i]; i % 2 == 0 && ka < a->row_ptr[i + 1]; ka++, k++) {
      c->col[k] = a->col[ka];
      c->val[k] = a->val[ka];
    }
    c->row_ptr[i + 1] = k;
  }
  c->nnz = k;
  return c;
}

/* x and y have the same structure (test_tile_same_structure) and values
 * within tol of the larger in magnitude. */
static int same_tiles(const fmt_tile *x, const fmt_tile *y, double tol) {
  if (!test_tile_same_structure(x, y))
    return 0;
  for (int64_t k = 0; k < x->nnz; k++) {
    double big = fabs(x->val[k]) > fabs(y->val[k]) ? fabs(x->val[k]) : fabs(y->val[k]);
    if (fabs(x->val[k] - y->val[k]) > tol * big)
      return 0;
  }
  return 1;
}

static void check_product(const fmt_csr *a, const fmt_csr *b, const char *what) {
  fmt_csr *c = NULL, *ct = NULL;
  fmt_tile *ta = NULL, *tb = NULL, *tc = NULL;
  CHECK_OK(spgemm_csr_reference(a, b, &c));
  CHECK_OK(fmt_tile_from_csr(a, &ta));
  CHECK_OK(fmt_tile_from_csr(b, &tb));
  CHECK_OK(spgemm_tile_reference(ta, tb, &tc));
  if (tb && tc) { /* step 3 by dot products from B^T: the same C */
    fmt_tile *tbt = NULL, *td = NULL;
    CHECK_OK(fmt_tile_transpose(tb, &tbt));
    if (tbt)
      CHECK_OK(spgemm_tile_dot_reference(ta, tb, tbt, &td));
    if (td)
      CHECK(same_tiles(td, tc, 1e-14), "%s: the dot products' C differs from the tile product's", what);
    fmt_tile_destroy(tbt);
    fmt_tile_destroy(td);
  }
  if (c && (int64_t)a->m * b->n <= 4000000)
    check_against_dense(a, b, c, what);
  if (tc) {
    CHECK_OK(fmt_tile_validate(tc));
    CHECK_OK(fmt_tile_to_csr(tc, &ct));
  }
  if (c && ct)
    CHECK(test_csr_equal(ct, c, 1e-14, 0.0, what), "%s: tile product differs from CSR", what);
  if (ta && tb)
    CHECK(spgemm_tile_products(ta, tb) == spgemm_csr_products(a, b), "%s: product counts %lld vs %lld",
          what, (long long)spgemm_tile_products(ta, tb), (long long)spgemm_csr_products(a, b));
  fmt_csr_destroy(c);
  fmt_csr_destroy(ct);
  fmt_tile_destroy(ta);
  fmt_tile_destroy(tb);
  fmt_tile_destroy(tc);
}

/* A*B known to be symmetric: the same pattern as the CSR product, values
 * within 1e-13 of each row's largest, and exactly symmetric. */
static void check_symmetric(const fmt_csr *a, const fmt_csr *b, const char *what) {
  fmt_csr *c = NULL, *ct = NULL;
  fmt_tile *ta = NULL, *tb = NULL, *tc = NULL;
  int yes = 0;
  CHECK_OK(spgemm_csr_reference(a, b, &c));
  CHECK_OK(fmt_tile_from_csr(a, &ta));
  CHECK_OK(fmt_tile_from_csr(b, &tb));
  CHECK_OK(spgemm_tile_symmetric_reference(ta, tb, &tc));
  if (tc) {
    CHECK_OK(fmt_tile_validate(tc));
    CHECK_OK(fmt_tile_to_csr(tc, &ct));
    CHECK_OK(fmt_tile_is_symmetric(tc, &yes));
    CHECK(yes, "%s: the symmetric product is not symmetric", what);
  }
  if (c && ct)
    CHECK(test_csr_close_rows(ct, c, 1e-13, what), "%s: symmetric product differs from CSR", what);
  fmt_csr_destroy(c);
  fmt_csr_destroy(ct);
  fmt_tile_destroy(ta);
  fmt_tile_destroy(tb);
  fmt_tile_destroy(tc);
}

static void check_symmetric_products(void) {
  fmt_csr *a;
  char what[160];
  test_each_symmetric_product(check_symmetric);
  const int stencils[] = {5, 9, 7, 27}, sides[] = {40, 31, 13, 11};
  for (int s = 0; s < 4; s++) {
    fmt_csr *p = NULL, *pt = NULL, *ap = NULL, *pta = NULL;
    int32_t nc = 0;
    CHECK_OK(fmt_poisson(stencils[s], sides[s], &a));
    CHECK_OK(spgemm_structured_prolongator(a, fmt_poisson_dims(stencils[s]), sides[s], &p, &nc));
    CHECK_OK(fmt_csr_transpose(p, &pt));
    CHECK_OK(spgemm_csr_reference(a, p, &ap));
    CHECK_OK(spgemm_csr_reference(pt, a, &pta));
    snprintf(what, sizeof what, "poisson %d n=%d: P^T*(AP) as symmetric", stencils[s], sides[s]);
    if (ap)
      check_symmetric(pt, ap, what);
    snprintf(what, sizeof what, "poisson %d n=%d: (P^T A)*P as symmetric", stencils[s], sides[s]);
    if (pta)
      check_symmetric(pta, p, what);
    fmt_tile *tp = NULL, *tc = NULL;
    if (p && fmt_tile_from_csr(p, &tp) == AMG_OK)
      CHECK_ERROR(spgemm_tile_symmetric_reference(tp, tp, &tc), AMG_ERR_ARG, "inner dimensions");
    fmt_tile *ta = NULL;
    if (fmt_tile_from_csr(a, &ta) == AMG_OK && tp)
      CHECK_ERROR(spgemm_tile_symmetric_reference(ta, tp, &tc), AMG_ERR_ARG, "must be square");
    fmt_tile_destroy(ta);
    fmt_tile_destroy(tp);
    fmt_csr_destroy(a);
    fmt_csr_destroy(p);
    fmt_csr_destroy(pt);
    fmt_csr_destroy(ap);
    fmt_csr_destroy(pta);
  }
}

/* NULL arguments are refused, on the host and (in a build without CUDA, by
 * the stubs) the device entry points, never dereferenced. */
static void null_arguments(void) {
  fmt_csr *a = test_random_csr(20, 20, 0.2, 31, 0, 0), *p = NULL;
  fmt_tile *t = NULL;
  int32_t nc = 0;
  CHECK_OK(fmt_tile_from_csr(a, &t));
  CHECK_ERROR(spgemm_csr_reference(a, a, NULL), AMG_ERR_ARG, "is NULL");
  CHECK_ERROR(spgemm_tile_reference(t, t, NULL), AMG_ERR_ARG, "is NULL");
  CHECK_ERROR(spgemm_tile_dot_reference(t, t, t, NULL), AMG_ERR_ARG, "is NULL");
  CHECK_ERROR(spgemm_tile_symmetric_reference(t, t, NULL), AMG_ERR_ARG, "is NULL");
  CHECK_ERROR(spgemm_structured_prolongator(a, 2, 4, NULL, &nc), AMG_ERR_ARG, "is NULL");
  CHECK_ERROR(spgemm_structured_prolongator(a, 2, 4, &p, NULL), AMG_ERR_ARG, "is NULL");
  CHECK_ERROR(spgemm_structured_prolongator(NULL, 2, 4, &p, &nc), AMG_ERR_ARG, "is NULL");
  CHECK_ERROR(spgemm_tile_device(t, t, NULL, NULL, NULL), AMG_ERR_ARG, "is NULL");
  CHECK_ERROR(spgemm_multiply_device(SPGEMM_TILE, t, t, NULL, 0, NULL, NULL), AMG_ERR_ARG, "is NULL");
  CHECK_ERROR(spgemm_tile_products_device(t, t, NULL), AMG_ERR_ARG, "is NULL");
  CHECK_ERROR(spgemm_cusparse(NULL, NULL, NULL), AMG_ERR_ARG, "is NULL");
  CHECK_ERROR(spgemm_csr32_take_csr(NULL, NULL), AMG_ERR_ARG, "is NULL");
  CHECK_ERROR(spgemm_csr32_take_to_csr(NULL, NULL), AMG_ERR_ARG, "is NULL");
  fmt_tile_destroy(t);
  fmt_csr_destroy(a);
}

int main(void) {
  null_arguments();
  test_each_product(check_product);
  check_symmetric_products();
  /* Candidate tiles that come out empty: A stores only odd columns, B only
   * even rows, so every candidate C tile has matched tile pairs but no
   * matching inner index. Then B with all rows, where they do match. */
  fmt_csr *left = test_random_csr(40, 32, 0.3, 11, 0, 2);
  fmt_csr *full = test_random_csr(32, 40, 0.3, 12, 0, 0);
  fmt_csr *even = only_even_rows(full);
  fmt_csr *c = NULL;
  CHECK_OK(spgemm_csr_reference(left, even, &c));
  CHECK(c && c->nnz == 0, "disjoint inner indices must give an empty product");
  check_product(left, even, "disjoint inner indices");
  check_product(left, full, "matching inner indices");
  fmt_csr_destroy(c);
  /* A star graph's Laplacian (node 0 coupled to all) times one aggregate's
   * P (a column of ones), and P^T A: a long tile column of B against short
   * tile rows of A, and a long tile row of A against short columns of B, the
   * two cases where step 2 and 3 search instead of merging (tile_match.c) */
  {
    int32_t n = 3000;
    fmt_csr *star = NULL, *p = NULL, *pt = NULL;
    CHECK_OK(fmt_csr_create(n, n, 3 * (int64_t)n - 2, FMT_HOST, &star));
    CHECK_OK(fmt_csr_create(n, 1, n, FMT_HOST, &p));
    int64_t k = 0;
    for (int32_t i = 0; star && p && i < n; i++) {
      star->row_ptr[i] = k;
      for (int32_t j = 0; j < (i ? 1 : n); j++) /* row 0: every column; row i: 0 and i */
        if (i == 0 || j == 0 || j == i) {
          star->col[k] = i ? (j ? i : 0) : j;
          star->val[k++] = (i == 0 && j == 0) ? n : (i && !j) ? -1.0 : (i == 0) ? -1.0 : 2.0;
        }
      if (i) {
        star->col[k] = i;
        star->val[k++] = 2.0;
      }
      p->row_ptr[i] = i, p->col[i] = 0, p->val[i] = 1.0 + i % 5;
    }
    if (star && p) {
      star->row_ptr[n] = k;
      star->nnz = k;
      p->row_ptr[n] = n;
      CHECK_OK(fmt_csr_validate(star));
      CHECK_OK(fmt_csr_transpose(p, &pt));
      check_product(star, p, "star graph times one aggregate");
      if (pt)
        check_product(pt, star, "one aggregate's P^T times a star graph");
    }
    fmt_csr_destroy(star), fmt_csr_destroy(p), fmt_csr_destroy(pt);
  }
  /* the product counts with inner dimensions that differ: -1, not a read past B's rows */
  fmt_tile *tl = NULL, *tf = NULL;
  CHECK_OK(fmt_tile_from_csr(left, &tl));
  CHECK_OK(fmt_tile_from_csr(left, &tf));
  CHECK(spgemm_csr_products(left, left) == -1 && strstr(amg_error_message(), "spgemm_csr_products"),
        "CSR products of 40 x 32 times 40 x 32: %lld", (long long)spgemm_csr_products(left, left));
  CHECK(spgemm_tile_products(tl, tf) == -1 && strstr(amg_error_message(), "spgemm_tile_products"),
        "tile products of 40 x 32 times 40 x 32: %lld", (long long)spgemm_tile_products(tl, tf));
  fmt_tile_destroy(tl);
  fmt_tile_destroy(tf);
  fmt_csr_destroy(left);
  fmt_csr_destroy(full);
  fmt_csr_destroy(even);
  return test_finish("test_spgemm_reference");
}
