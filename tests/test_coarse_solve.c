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
#include "coarse_inputs.h"
#include "test_util.h"

#define RESIDUAL_TOL 1e-12

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

static void check_failures(void) {
  fmt_csr *a = NULL;

  /* Poisson 6x6 with a_17,17 = -4: leading minors up to 17 are positive. */
  CHECK_OK(fmt_poisson(5, 6, &a));
  set_entry(a, 17, 17, -4.0);
  expect_create_error(a, AMG_ERR_SINGULAR, "not positive definite (pivot of row 17 (1-based 18) = ",
                      "indefinite Poisson");
  fmt_csr_destroy(a);

  const double d3[3] = {2.0, -1.0, 3.0};
  a = diagonal_csr(3, d3);
  expect_create_error(a, AMG_ERR_SINGULAR, "not positive definite (pivot of row 1 (1-based 2) = -1.0e+00)",
                      "diag(2, -1, 3)");
  fmt_csr_destroy(a);

  const double ones[4] = {1.0, 1.0, 1.0, 1.0}; /* [[1, 1], [1, 1]]: pivot 1 is exactly 0 */
  a = test_csr_from_dense(2, 2, ones, 0);
  expect_create_error(a, AMG_ERR_SINGULAR, "(pivot of row 1 (1-based 2) = 0.0e+00)", "semidefinite [[1,1],[1,1]]");
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
  expect_create_error(a, AMG_ERR_NONFINITE, "entry (3, 5) (1-based 4, 6) is not finite", "NaN at (3, 5)");
  fmt_csr_destroy(a);
  d[3 * 20 + 5] = 0.5;
  d[19 * 20 + 2] = INFINITY;
  d[18 * 20 + 17] = -INFINITY;
  a = test_csr_from_dense(20, 20, d, 0);
  expect_create_error(a, AMG_ERR_NONFINITE, "entry (18, 17) (1-based 19, 18) is not finite",
                      "Inf at (19, 2) and (18, 17)");
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
  coarse_each_spd(check_solve, 0);
  check_failures();
  check_edge_cases();
  return test_finish("test_coarse_solve");
}
