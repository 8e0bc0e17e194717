/* Host dense coarse solve (solver/coarse_solve.c). Random SPD matrices
 * B B^T + n I (sizes not multiples of 16, dense and sparse B) and small
 * Poisson matrices are solved for a random b; the residual b - A x is
 * computed independently from the CSR and must satisfy ||r|| / ||b|| <= 1e-12.
 * A matrix given by its lower triangle alone must give the same x bit for
 * bit (only the lower triangle is read). The failure paths: indefinite and
 * semidefinite matrices (AMG_ERR_SINGULAR naming the pivot), non-square,
 * too large, NaN and Inf entries in either triangle, n = 0, bad arguments. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "amg_ops.h"
#include "test_util.h"

#define RESIDUAL_TOL 1e-12



static void random_vector(int32_t n, uint64_t seed, double *v) {
  test_rng rng = {seed};
  for (int32_t i = 0; i < n; i++)
    v[i] = 2.0 * test_rng_uniform(&rng) - 1.0;
}

/* ||b - A x|| / ||b|| from the CSR. */
static double relative_residual(const fmt_csr *a, const double *b, const double *x) {
  double rr = 0.0, bb = 0.0;
  for (int32_t i = 0; i < a->m; i++) {
    double r = b[i];
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
      r -= a->val[k] * x[a->col[k]];
    rr += r * r;
    bb += b[i] * b[i];
  }
  return bb > 0.0 ? sqrt(rr / bb) : sqrt(rr);
}

/* Solves a x = b on the host for a random b; checks the residual and, when
 * lower is given (a's lower triangle alone), that it gives the same x. */
static void check_solve(const fmt_csr *a, const fmt_csr *lower, uint64_t seed, const char *name) {
  int32_t n = a->m;
  fmt_tile *t = NULL, *tl = NULL;
  amg_coarse_solver *cs = NULL, *csl = NULL;
  double *b = malloc(((size_t)n + 1) * sizeof *b);
  double *x = malloc(((size_t)n + 1) * sizeof *x);
  double *xl = malloc(((size_t)n + 1) * sizeof *xl);
  random_vector(n, seed, b);
  CHECK_OK(fmt_tile_from_csr(a, &t));
  if (t)
    CHECK_OK(amg_coarse_create_host(t, &cs));
  if (cs) {
    for (int32_t i = 0; i < n; i++)
      x[i] = NAN; /* every entry must be written */
    CHECK_OK(amg_coarse_apply(cs, b, x));
    double res = relative_residual(a, b, x);
    CHECK(res <= RESIDUAL_TOL, "%s: relative residual %.3e > %.0e", name, res, RESIDUAL_TOL);
    printf("  %-36s n = %4d  residual %.2e\n", name, n, res);
  }
  if (cs && lower) {
    CHECK_OK(fmt_tile_from_csr(lower, &tl));
    if (tl)
      CHECK_OK(amg_coarse_create_host(tl, &csl));
    if (csl) {
      CHECK_OK(amg_coarse_apply(csl, b, xl));
      CHECK(!memcmp(x, xl, (size_t)n * sizeof *x),
            "%s: the lower triangle alone gives a different solution", name);
    }
  }
  amg_coarse_destroy(cs);
  amg_coarse_destroy(csl);
  fmt_tile_destroy(t);
  fmt_tile_destroy(tl);
  free(b);
  free(x);
  free(xl);
}

static void check_random_spd(void) {
  static const struct {
    int32_t n;
    double density;
  } cases[] = {{1, 1.0}, {7, 1.0}, {33, 1.0}, {33, 0.1}, {100, 0.3}, {250, 0.02}, {250, 1.0}};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    int32_t n = cases[c].n;
    char name[64];
    snprintf(name, sizeof name, "random SPD B B^T + nI, d = %.2f", cases[c].density);
    double *d = test_random_spd_dense(n, cases[c].density, 1000 + c);
    fmt_csr *a = test_csr_from_dense(n, n, d, 0), *lower = test_csr_from_dense(n, n, d, 1);
    CHECK(a && lower, "%s: could not build the matrix", name);
    if (a && lower)
      check_solve(a, lower, 2000 + c, name);
    fmt_csr_destroy(a);
    fmt_csr_destroy(lower);
    free(d);
  }
}

static void check_poisson(void) {
  static const struct {
    int stencil;
    int32_t n;
  } cases[] = {{5, 1}, {5, 3}, {5, 20}, {9, 19}, {7, 7}, {27, 6}};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    fmt_csr *a = NULL;
    char name[64];
    snprintf(name, sizeof name, "poisson %d-point n=%d", cases[c].stencil, cases[c].n);
    CHECK_OK(fmt_poisson(cases[c].stencil, cases[c].n, &a));
    if (a)
      check_solve(a, NULL, 3000 + c, name);
    fmt_csr_destroy(a);
  }
}

/* Creates a host solver from a CSR and expects the given failure. */
static void expect_create_error(const fmt_csr *a, amg_status want, const char *needle,
                                const char *name) {
  static char sentinel;
  fmt_tile *t = NULL;
  amg_coarse_solver *cs = (amg_coarse_solver *)&sentinel; /* create must reset it to NULL */
  CHECK_OK(fmt_tile_from_csr(a, &t));
  if (t) {
    CHECK_ERROR(amg_coarse_create_host(t, &cs), want, needle);
    CHECK(cs == NULL, "%s: a failed create left a solver behind", name);
    printf("  %-36s -> %s: %s\n", name, amg_status_name(want), amg_error_message());
  }
  fmt_tile_destroy(t);
}

static fmt_csr *diagonal_csr(int32_t n, const double *diag) {
  fmt_csr *a = NULL;
  if (fmt_csr_create(n, n, n, FMT_HOST, &a) != AMG_OK)
    return NULL;
  for (int32_t i = 0; i <= n; i++)
    a->row_ptr[i] = i;
  for (int32_t i = 0; i < n; i++) {
    a->col[i] = i;
    a->val[i] = diag ? diag[i] : 1.0 + i % 3;
  }
  return a;
}

/* Sets a_ij (which must be stored) to v. */
static void set_entry(fmt_csr *a, int32_t i, int32_t j, double v) {
  for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
    if (a->col[k] == j)
      a->val[k] = v;
}

static void check_failures(void) {
  fmt_csr *a = NULL;

  /* Poisson 6x6 with a_17,17 = -4: leading minors up to 17 are positive. */
  CHECK_OK(fmt_poisson(5, 6, &a));
  set_entry(a, 17, 17, -4.0);
  expect_create_error(a, AMG_ERR_SINGULAR, "not positive definite (pivot 17 = ", "indefinite Poisson");
  fmt_csr_destroy(a);

  const double d3[3] = {2.0, -1.0, 3.0};
  a = diagonal_csr(3, d3);
  expect_create_error(a, AMG_ERR_SINGULAR, "not positive definite (pivot 1 = -1.0e+00)",
                      "diag(2, -1, 3)");
  fmt_csr_destroy(a);

  const double ones[4] = {1.0, 1.0, 1.0, 1.0}; /* [[1, 1], [1, 1]]: pivot 1 is exactly 0 */
  a = test_csr_from_dense(2, 2, ones, 0);
  expect_create_error(a, AMG_ERR_SINGULAR, "(pivot 1 = 0.0e+00)", "semidefinite [[1,1],[1,1]]");
  fmt_csr_destroy(a);

  a = test_random_csr(5, 7, 0.5, 4001, 0, 0);
  expect_create_error(a, AMG_ERR_NOT_SQUARE, "5 x 7", "non-square 5 x 7");
  fmt_csr_destroy(a);

  a = diagonal_csr(AMG_COARSE_DENSE_MAX + 1, NULL);
  expect_create_error(a, AMG_ERR_ARG, "coarsest level has 4097 rows", "diagonal n = MAX + 1");
  fmt_csr_destroy(a);

  /* NaN above the diagonal: still rejected although the upper triangle is unused. */
  double *d = test_random_spd_dense(20, 1.0, 4002);
  d[3 * 20 + 5] = NAN;
  a = test_csr_from_dense(20, 20, d, 0);
  expect_create_error(a, AMG_ERR_NONFINITE, "entry (3, 5)", "NaN at (3, 5)");
  fmt_csr_destroy(a);
  d[3 * 20 + 5] = 0.5;
  d[19 * 20 + 2] = INFINITY;
  d[18 * 20 + 17] = -INFINITY;
  a = test_csr_from_dense(20, 20, d, 0);
  expect_create_error(a, AMG_ERR_NONFINITE, "entry (18, 17)", "Inf at (19, 2) and (18, 17)");
  fmt_csr_destroy(a);
  free(d);
}

static void check_edge_cases(void) {
  fmt_csr *a = NULL;
  fmt_tile *t = NULL;
  amg_coarse_solver *cs = NULL;

  /* n = 0: create works, apply does nothing (NULL vectors allowed). */
  CHECK_OK(fmt_csr_create(0, 0, 0, FMT_HOST, &a));
  a->row_ptr[0] = 0;
  CHECK_OK(fmt_tile_from_csr(a, &t));
  CHECK_OK(amg_coarse_create_host(t, &cs));
  if (cs) {
    CHECK_OK(amg_coarse_apply(cs, NULL, NULL));
    double b = 1.0, x = 2.0;
    CHECK_OK(amg_coarse_apply(cs, &b, &x));
    CHECK(x == 2.0, "n = 0: apply wrote x");
  }
  amg_coarse_destroy(cs);
  cs = NULL;
  fmt_tile_destroy(t);
  t = NULL;
  fmt_csr_destroy(a);

  /* Bad arguments. */
  const double d1[2] = {4.0, 9.0};
  a = diagonal_csr(2, d1);
  CHECK_OK(fmt_tile_from_csr(a, &t));
  CHECK_ERROR(amg_coarse_create_host(NULL, &cs), AMG_ERR_ARG, "NULL");
  CHECK_ERROR(amg_coarse_create_host(t, NULL), AMG_ERR_ARG, "NULL");
  t->loc = FMT_DEVICE; /* a host struct posing as a device matrix: refused before any access */
  CHECK_ERROR(amg_coarse_create_host(t, &cs), AMG_ERR_ARG, "host matrix");
  t->loc = FMT_HOST;
  CHECK_OK(amg_coarse_create_host(t, &cs));
  if (cs) {
    double b[2] = {2.0, 3.0}, x[2] = {0.0, 0.0};
    CHECK_OK(amg_coarse_apply(cs, b, x));
    CHECK(x[0] == 0.5 && x[1] == 1.0 / 3.0, "diag(4, 9): x = (%g, %g)", x[0], x[1]);
    CHECK_ERROR(amg_coarse_apply(cs, b, b), AMG_ERR_ARG, "same array");
    CHECK_ERROR(amg_coarse_apply(cs, NULL, x), AMG_ERR_ARG, "NULL");
    CHECK_ERROR(amg_coarse_apply(cs, b, NULL), AMG_ERR_ARG, "NULL");
  }
  CHECK_ERROR(amg_coarse_apply(NULL, d1, NULL), AMG_ERR_ARG, "NULL");
  amg_coarse_destroy(cs);
  amg_coarse_destroy(NULL);
  fmt_tile_destroy(t);
  fmt_csr_destroy(a);
}

int main(void) {
  check_random_spd();
  check_poisson();
  check_failures();
  check_edge_cases();
  return test_finish("test_coarse_solve");
}
