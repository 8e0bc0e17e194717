/* The library API at its edges, as an embedder meets them:
 * - an initial guess (amg_solve_from) is used, and a zero one changes nothing;
 * - a right-hand side too small or too large to square in double still
 *   solves, and exactly as its power-of-two rescaling does (bitwise), x
 *   being scaled back even when the solve fails, and refused when it leaves
 *   double's range;
 * - a non-finite b is named; the report's residual is then NaN, not 0;
 * - "converged" means the true residual b - A x is within tol, checked here
 *   in long double, even where PCG's own residual drifts from it (a nearly
 *   singular matrix);
 * - diagonals too small to invert, and entries so large that |a_ii a_jj|
 *   overflows, are handled (refused by name, or coarsened as usual);
 * - a nonsymmetric A that fails is said to be nonsymmetric, and a slightly
 *   indefinite one that passes the setup is said to be maybe not positive
 *   definite, by PCG and by the V-cycles;
 * - PCG on a badly scaled SPD matrix is not cut off as diverged, and on a
 *   singular one fails with a message that says it may be singular;
 * - PCG converges on A * 2^996, 2^-1012 and 2^-1016, where r'Mr ~ ||r||^2 / |A|
 *   would leave double's range, with x exactly 2^-996 times A's at 2^996;
 * - bad options (enum values, unequal sweeps under PCG, cuSPARSE on the
 *   CPU) and NULL arguments give a status, not a crash; so does a device
 *   call where there is no GPU, and (GPU) a setup that runs out of device
 *   memory, after which the library still works.
 * With the argument "gpu" the solves run on the GPU backend (label gpu). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amg.h"
#include "test_util.h"

static amg_backend backend = AMG_BACKEND_CPU;

static amg_options options(void) {
  amg_options o;
  amg_options_default(&o);
  o.backend = backend;
  return o;
}

/* ||b - A x|| / ||b|| in long double (its range covers b * 1e+-300). */
static double true_residual(const fmt_csr *a, const double *b, const double *x) {
  long double rr = 0, bb = 0;
  for (int32_t i = 0; i < a->m; i++) {
    long double r = b[i];
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
      r -= (long double)a->val[k] * x[a->col[k]];
    rr += r * r;
    bb += (long double)b[i] * b[i];
  }
  return (double)sqrtl(rr / bb);
}

/* Solves with a fresh hierarchy; returns the status, x and the report's residual. */
static amg_status solve(const fmt_csr *a, const amg_options *o, const double *b, double *x, double *reported,
                        int *converged) {
  amg_hierarchy *h = NULL;
  amg_status s = amg_setup(a, o, &h);
  *reported = -1;
  *converged = -1;
  if (s != AMG_OK)
    return s;
  amg_solve_report rep;
  s = amg_solve(h, b, x, &rep);
  *reported = rep.relative_residual;
  *converged = rep.converged;
  amg_solve_report_free(&rep);
  amg_hierarchy_destroy(h);
  return s;
}

static double *random_vector(int32_t n, uint64_t seed) {
  double *v = malloc((size_t)n * sizeof *v);
  test_rng r = {seed};
  for (int32_t i = 0; i < n; i++)
    v[i] = 2.0 * test_rng_uniform(&r) - 1.0;
  return v;
}

/* h solves A x = b for a random b (from seed) to a true residual within tol. */
static void solves_within_tol(amg_hierarchy *h, const fmt_csr *a, uint64_t seed, double tol, const char *what) {
  if (!h)
    return;
  double *b = random_vector(a->m, seed), *x = malloc((size_t)a->m * sizeof *x);
  amg_solve_report rep;
  CHECK_OK(amg_solve(h, b, x, &rep));
  double truth = true_residual(a, b, x);
  CHECK(truth <= tol, "%s: true residual %.3e", what, truth);
  amg_solve_report_free(&rep);
  free(b);
  free(x);
}

/* amg_device_init loaded every kernel of every CUDA source linked in, so
 * that no first setup loads one (formats/device_modules.cu): loading again
 * finds each source's module, and each of its functions loaded before. */
static void kernels_loaded(void) {
  int modules = 0;
  int64_t functions = 0, were_loaded = 0;
  CHECK_OK(fmt_device_load_modules(&modules, &functions, &were_loaded));
  printf("kernels loaded: %d modules, %lld functions, %lld of them before\n", modules, (long long)functions,
         (long long)were_loaded);
  CHECK(were_loaded == functions, "%lld of %lld functions were not loaded by amg_device_init",
        (long long)(functions - were_loaded), (long long)functions);
  CHECK(modules == fmt_device_registered_modules(), "%d modules for %d registered sources", modules,
        fmt_device_registered_modules());
  CHECK(modules >= 25, "only %d CUDA sources with kernels linked into a setup and solve", modules);
  CHECK(functions >= 4 * modules, "%lld functions in %d modules", (long long)functions, modules);
}

static void rhs_scaling(void) {
  fmt_csr *a = NULL;
  CHECK_OK(fmt_poisson(5, 40, &a));
  int32_t n = a->m;
  amg_options o = options();
  double *b = random_vector(n, 7), *scaled = malloc((size_t)n * sizeof *scaled);
  double *x = malloc((size_t)n * sizeof *x), *x_scaled = malloc((size_t)n * sizeof *x_scaled), res;
  int conv;
  /* b's largest entry is in [0.5, 1): the library does not rescale it. */
  CHECK_OK(solve(a, &o, b, x, &res, &conv));
  const int shifts[] = {-600, -540, 540, 600};
  for (int k = 0; k < 4; k++) {
    for (int32_t i = 0; i < n; i++)
      scaled[i] = ldexp(b[i], shifts[k]);
    amg_status s = solve(a, &o, scaled, x_scaled, &res, &conv);
    CHECK(s == AMG_OK && conv == 1, "b * 2^%d: %s: %s", shifts[k], amg_status_name(s), amg_error_message());
    int same = 1;
    for (int32_t i = 0; i < n; i++)
      same &= ldexp(x_scaled[i], -shifts[k]) == x[i];
    CHECK(same, "b * 2^%d: x is not 2^%d times b's x bitwise", shifts[k], shifts[k]);
  }
  const double factors[] = {1e-170, 1e-160, 1e160};
  for (int k = 0; k < 3; k++) {
    for (int32_t i = 0; i < n; i++)
      scaled[i] = b[i] * factors[k];
    amg_status s = solve(a, &o, scaled, x_scaled, &res, &conv);
    double truth = true_residual(a, scaled, x_scaled);
    CHECK(s == AMG_OK && conv == 1 && truth <= o.tol && fabs(res - truth) <= 1e-3 * o.tol,
          "b * %g: %s, true residual %.3e, reported %.3e", factors[k], amg_status_name(s), truth, res);
  }
  /* a scaled b whose solve fails still gets x scaled back: 2 iterations, not converged */
  o.max_iter = 2;
  CHECK_ERROR(solve(a, &o, b, x, &res, &conv), AMG_ERR_NOT_CONVERGED, "");
  for (int32_t i = 0; i < n; i++)
    scaled[i] = ldexp(b[i], -600);
  CHECK_ERROR(solve(a, &o, scaled, x_scaled, &res, &conv), AMG_ERR_NOT_CONVERGED, "");
  int same = 1;
  for (int32_t i = 0; i < n; i++)
    same &= ldexp(x_scaled[i], 600) == x[i];
  CHECK(same, "b * 2^-600, not converged: x is not scaled back");
  o.max_iter = 100;
  scaled[0] = NAN;
  CHECK_ERROR(solve(a, &o, scaled, x_scaled, &res, &conv), AMG_ERR_NONFINITE, "b[0] (1-based 1) = nan");
  CHECK(isnan(res) && conv == 0, "NaN b: the report says residual %g, converged %d", res, conv);
  free(b);
  free(scaled);
  free(x);
  free(x_scaled);
  fmt_csr_destroy(a);
}

/* The pure-Neumann 5-point Laplacian on side^2 points plus shift * I. */
static fmt_csr *neumann(int32_t side, double shift) {
  fmt_csr *a = NULL;
  int32_t n = side * side;
  CHECK_OK(fmt_csr_create(n, n, 5 * (int64_t)n, FMT_HOST, &a));
  int64_t k = 0;
  for (int32_t i = 0; i < n; i++) {
    int32_t x = i % side, y = i / side;
    int32_t cols[5] = {i - side, i - 1, i, i + 1, i + side}; /* sorted */
    int present[5] = {y > 0, x > 0, 1, x + 1 < side, y + 1 < side};
    int degree = present[0] + present[1] + present[3] + present[4];
    a->row_ptr[i] = k;
    for (int d = 0; d < 5; d++)
      if (present[d]) {
        a->col[k] = cols[d];
        a->val[k++] = d == 2 ? degree + shift : -1.0;
      }
  }
  a->row_ptr[n] = k;
  a->nnz = k;
  return a;
}

/* A nearly singular SPD matrix: PCG's own residual meets tol long before the
 * true one can (x is about 1e12 along the near-null vector). The solve must
 * not call that converged. */
static void converged_means_true_residual(void) {
  fmt_csr *a = neumann(40, 1e-12);
  CHECK_OK(fmt_csr_validate(a));
  int32_t n = a->m;
  amg_options o = options();
  double *b = random_vector(n, 11), *x = malloc((size_t)n * sizeof *x), res;
  int conv;
  amg_status s = solve(a, &o, b, x, &res, &conv);
  double truth = true_residual(a, b, x);
  CHECK(s == AMG_OK || s == AMG_ERR_NOT_CONVERGED, "near-singular: %s: %s", amg_status_name(s),
        amg_error_message());
  CHECK((s == AMG_OK) == (conv == 1), "near-singular: status %s with converged = %d", amg_status_name(s), conv);
  CHECK(s != AMG_OK || truth <= o.tol, "near-singular: AMG_OK with true residual %.3e > tol", truth);
  /* b - A x in double carries rounding of about eps ||A|| ||x||, a few % of it here */
  CHECK(res >= 0.5 * truth && res <= 2 * truth, "near-singular: reported residual %.6e, true %.6e", res, truth);
  if (s != AMG_OK)
    CHECK(strstr(amg_error_message(), "true residual") != NULL, "near-singular: message '%s'",
          amg_error_message());
  free(b);
  free(x);
  fmt_csr_destroy(a);
}

static void extreme_matrices(void) {
  amg_options o = options();
  amg_hierarchy *h = NULL;
  /* A ~ 1e12 and b ~ 1e-308: x ~ 1e-320 keeps a few bits in double's
     subnormal range; the report's residual is that of the x returned */
  {
    fmt_csr *a = NULL;
    CHECK_OK(fmt_poisson(5, 40, &a));
    for (int64_t k = 0; k < a->nnz; k++)
      a->val[k] *= 1e12;
    double *b = random_vector(a->m, 9), *x = malloc((size_t)a->m * sizeof *x), res;
    int conv;
    for (int32_t i = 0; i < a->m; i++)
      b[i] *= 1e-308;
    CHECK_ERROR(solve(a, &o, b, x, &res, &conv), AMG_ERR_NOT_CONVERGED, "lose bits");
    double truth = true_residual(a, b, x);
    CHECK(conv == 0 && truth > o.tol && fabs(res - truth) <= 1e-6 * truth,
          "x subnormal: converged %d, reported residual %.6e, true %.6e", conv, res, truth);
    free(b);
    free(x);
    fmt_csr_destroy(a);
  }
  /* the same x after 10 iterations: not converged, and the residual
     reported is that of the (rounded) x returned */
  {
    fmt_csr *a = NULL;
    CHECK_OK(fmt_poisson(5, 40, &a));
    double *b = malloc((size_t)a->m * sizeof *b), *x = malloc((size_t)a->m * sizeof *x), res;
    for (int32_t i = 0; i < a->m; i++)
      b[i] = 1e-321 * (1.0 + 0.1 * (i % 7));
    amg_options few = o;
    few.max_iter = 10;
    int conv;
    CHECK_ERROR(solve(a, &few, b, x, &res, &conv), AMG_ERR_NOT_CONVERGED, "in 10 iterations");
    double truth = true_residual(a, b, x);
    CHECK(conv == 0 && fabs(res - truth) <= 1e-6 * truth, "x subnormal, not converged: residual %.6e, true %.6e",
          res, truth);
    free(b);
    free(x);
    fmt_csr_destroy(a);
  }
  /* A = [1], b = 1e-310: x = b exactly, though subnormal */
  {
    fmt_csr *one = NULL;
    CHECK_OK(fmt_csr_create(1, 1, 1, FMT_HOST, &one));
    one->row_ptr[0] = 0, one->row_ptr[1] = 1, one->col[0] = 0, one->val[0] = 1.0;
    double b1 = 1e-310, x1 = 0, res;
    int conv;
    amg_status s = solve(one, &o, &b1, &x1, &res, &conv);
    CHECK(s == AMG_OK && conv == 1 && x1 == b1 && res == 0, "[1] x = 1e-310: %s, x %g, residual %g: %s",
          amg_status_name(s), x1, res, amg_error_message());
    fmt_csr_destroy(one);
  }
  /* 4e-310: positive and finite, but 1/a_ii overflows */
  fmt_csr *a = NULL;
  CHECK_OK(fmt_poisson(5, 30, &a));
  for (int64_t k = 0; k < a->nnz; k++)
    a->val[k] *= 1e-310;
  CHECK_ERROR(amg_setup(a, &o, &h), AMG_ERR_BAD_DIAGONAL, "too small to invert");
  fmt_csr_destroy(a);
  /* 1e-307: level 0 inverts its diagonal, a coarse level cannot; A is SPD,
     so the message must not say otherwise. With the diagonal set to 3, A
     is indefinite and a coarse diagonal goes negative: that it says. */
  CHECK_OK(fmt_poisson(5, 64, &a));
  for (int64_t k = 0; k < a->nnz; k++)
    a->val[k] *= 1e-307;
  CHECK_ERROR(amg_setup(a, &o, &h), AMG_ERR_BAD_DIAGONAL, "too small to invert");
  CHECK(!strstr(amg_error_message(), "not positive definite"), "SPD A * 1e-307: %s", amg_error_message());
  for (int32_t i = 0; i < a->m; i++)
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
      a->val[k] = a->col[k] == i ? 3.0 : -1.0;
  CHECK_ERROR(amg_setup(a, &o, &h), AMG_ERR_BAD_DIAGONAL, "P^T A P: A is not positive definite");
  fmt_csr_destroy(a);
  /* 4e160: a_ii a_jj overflows; strength must still see the couplings */
  CHECK_OK(fmt_poisson(5, 70, &a));
  for (int64_t k = 0; k < a->nnz; k++)
    a->val[k] *= 1e160;
  CHECK_OK(amg_setup(a, &o, &h));
  const amg_setup_report *r = amg_hierarchy_report(h);
  CHECK(r && r->levels >= 3 && r->level[0].agg.count > 0, "Poisson * 1e160: %d levels", r ? r->levels : -1);
  solves_within_tol(h, a, 3, o.tol, "Poisson * 1e160");
  amg_hierarchy_destroy(h);
  fmt_csr_destroy(a);
  /* Decoupled rows: a diagonal A (1 level), and 2 x 2 blocks (level 1 is
   * diagonal). Once the dense coarse solver took them: O(n^3) up to 4096
   * rows (17 s for 4000 on the CPU), and setup failed above. Now the
   * diagonal coarsest level is x = D^-1 b, of any size. */
  for (int blocks = 0; blocks <= 1; blocks++) {
    int32_t n = 10000;
    CHECK_OK(fmt_csr_create(n, n, blocks ? 2 * (int64_t)n : n, FMT_HOST, &a));
    int64_t k = 0;
    for (int32_t i = 0; i < n; i++) {
      a->row_ptr[i] = k;
      int32_t partner = i ^ 1;
      if (blocks && partner < i)
        a->col[k] = partner, a->val[k++] = -1.0;
      a->col[k] = i, a->val[k++] = blocks ? 2.0 : 1.0 + i % 7;
      if (blocks && partner > i)
        a->col[k] = partner, a->val[k++] = -1.0;
    }
    a->row_ptr[n] = k;
    CHECK_OK(amg_setup(a, &o, &h));
    const amg_setup_report *rd = amg_hierarchy_report(h);
    CHECK(rd && rd->coarse_diagonal && rd->levels == 1 + blocks, "%s: %d levels, coarse diagonal %d",
          blocks ? "2 x 2 blocks" : "diagonal", rd ? rd->levels : -1, rd ? rd->coarse_diagonal : -1);
    solves_within_tol(h, a, 4, o.tol, blocks ? "2 x 2 blocks" : "diagonal");
    amg_hierarchy_destroy(h);
    h = NULL;
    fmt_csr_destroy(a);
  }
  /* n rows coupled only by stored zeros: no aggregate forms, even with
   * theta = 0, so the level is diagonal and the coarsest (x = D^-1 b). It
   * used to be taken for a coupled level: over 4096 rows a failed setup,
   * below a dense factor (13.5 s for 4096 rows). Cases 2 and 3 make the
   * level the coarsest by amg.max_levels or amg.coarse_size, before any
   * aggregation; amg_coupled finds it diagonal (it used to fail, or factor
   * 3000 rows densely in 5.7 s). */
  for (int k = 0; k < 4; k++) {
    int32_t n = k == 3 ? 3000 : 5000;
    CHECK_OK(fmt_csr_create(n, n, 2 * (int64_t)n - 1, FMT_HOST, &a));
    for (int32_t i = 0, e = 0; a && i < n; i++) {
      a->row_ptr[i] = e;
      a->col[e] = i, a->val[e++] = 1.0;
      if (i + 1 < n)
        a->col[e] = i + 1, a->val[e++] = 0.0;
    }
    if (!a)
      break;
    a->row_ptr[n] = 2 * (int64_t)n - 1;
    o = options();
    o.strength_theta = k == 1 ? 0.25 : 0.0; /* 0.25: aggregated again with theta = 0 */
    o.max_levels = k == 2 ? 1 : o.max_levels;
    o.coarse_size = k == 3 ? AMG_COARSE_DENSE_MAX : o.coarse_size;
    CHECK_OK(amg_setup(a, &o, &h));
    const amg_setup_report *rz = h ? amg_hierarchy_report(h) : NULL;
    CHECK(rz && rz->levels == 1 && rz->coarse_diagonal,
          "stored zeros, case %d (n %d, theta %g, max_levels %d, coarse_size %d): %d levels, coarse_diagonal %d",
          k, n, o.strength_theta, o.max_levels, o.coarse_size, rz ? rz->levels : -1,
          rz ? rz->coarse_diagonal : -1);
    solves_within_tol(h, a, 6, o.tol, "stored zeros");
    amg_hierarchy_destroy(h);
    h = NULL;
    fmt_csr_destroy(a);
    a = NULL;
  }
  o = options();
  /* nonsymmetric (upwinded convection): whatever fails names the asymmetry */
  CHECK_OK(fmt_poisson(5, 40, &a));
  for (int32_t i = 0; i < a->m; i++)
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
      if (a->col[k] == i - 1)
        a->val[k] = -4.0;
  double *b = random_vector(a->m, 5), *x = malloc((size_t)a->m * sizeof *x);
  double res;
  int conv;
  amg_options general = o; /* the setup does not compare A with A^T then: the failure path must */
  general.galerkin_symmetric = 0;
  int failed = 0;
  for (int g = 0; g < 2; g++) {
    amg_status s = solve(a, g ? &general : &o, b, x, &res, &conv);
    printf("nonsymmetric, galerkin_symmetric = %d: %s\n", !g, amg_status_name(s));
    /* the first difference by row: the Laplacian's a(0, 1) = -1 against the -4 set at a(1, 0) */
    CHECK(s == AMG_OK || strstr(amg_error_message(), AMG_ASYMMETRY_NOTE ": A(0, 1) (1-based 1, 2) = -1, but "
                                                      "A(1, 0) = -4; "),
          "nonsymmetric (galerkin_symmetric %d): %s: %s", !g, amg_status_name(s), amg_error_message());
    failed += s != AMG_OK;
  }
  CHECK(failed > 0, "the nonsymmetric A no longer fails: the note above went unchecked");
  free(b);
  free(x);
  fmt_csr_destroy(a);
}

/* A copy of a with a 0 stored at (i, j), which a must not hold. */
static fmt_csr *with_stored_zero(const fmt_csr *a, int32_t i, int32_t j) {
  fmt_csr *z = NULL;
  CHECK_OK(fmt_csr_create(a->m, a->n, a->nnz + 1, FMT_HOST, &z));
  if (!z)
    return NULL;
  int64_t e = 0;
  z->row_ptr[0] = 0;
  for (int32_t r = 0; r < a->m; r++) {
    int placed = r != i;
    for (int64_t k = a->row_ptr[r]; k < a->row_ptr[r + 1]; k++) {
      if (!placed && a->col[k] > j)
        z->col[e] = j, z->val[e++] = 0.0, placed = 1;
      z->col[e] = a->col[k], z->val[e++] = a->val[k];
    }
    if (!placed)
      z->col[e] = j, z->val[e++] = 0.0;
    z->row_ptr[r + 1] = e;
  }
  return z;
}

/* A slightly indefinite A (the 2D Laplacian less 0.012 on its diagonal: one
 * negative eigenvalue) passes the setup; PCG names the breakdown, and the
 * V-cycles, whose residual grows, say that A may not be positive definite. */
static void slightly_indefinite(void) {
  fmt_csr *a = NULL;
  CHECK_OK(fmt_poisson(5, 40, &a));
  if (!a)
    return;
  for (int32_t i = 0; i < a->m; i++)
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
      if (a->col[k] == i)
        a->val[k] -= 0.012;
  double *b = random_vector(a->m, 3), *x = malloc((size_t)a->m * sizeof *x), res;
  int conv;
  amg_options o = options();
  CHECK_ERROR(solve(a, &o, b, x, &res, &conv), AMG_ERR_BREAKDOWN, "not positive definite");
  /* a zero stored at (0, 2) alone: A's pattern is not symmetric, its values are, so there is no note */
  fmt_csr *z = with_stored_zero(a, 0, 2);
  for (int g = 0; g < 2 && z; g++) {
    amg_options og = o;
    og.galerkin_symmetric = !g;
    CHECK_ERROR(solve(z, &og, b, x, &res, &conv), AMG_ERR_BREAKDOWN, "not positive definite");
    CHECK(!strstr(amg_error_message(), "symmetric"), "a stored zero (galerkin_symmetric %d): %s", !g,
          amg_error_message());
  }
  fmt_csr_destroy(z);
  /* a(0, 1) one unit in the last place from a(1, 0) = -1: the note shows all the digits */
  for (int64_t k = a->row_ptr[0]; k < a->row_ptr[1]; k++)
    if (a->col[k] == 1)
      a->val[k] = -1.0000000000000002;
  o.galerkin_symmetric = 0;
  CHECK_ERROR(solve(a, &o, b, x, &res, &conv), AMG_ERR_BREAKDOWN,
              AMG_ASYMMETRY_NOTE ": A(0, 1) (1-based 1, 2) = -1.0000000000000002, but A(1, 0) = -1; ");
  o = options();
  for (int64_t k = a->row_ptr[0]; k < a->row_ptr[1]; k++)
    if (a->col[k] == 1)
      a->val[k] = -1.0;
  o.solver = AMG_SOLVER_STATIONARY;
  CHECK_ERROR(solve(a, &o, b, x, &res, &conv), AMG_ERR_NOT_CONVERGED, "A may not be positive definite");
  CHECK(conv == 0 && res > 1, "v-cycles on an indefinite A: converged %d, residual %.3e", conv, res);
  free(b), free(x);
  fmt_csr_destroy(a);
}

/* D A D with D_ii from 1 to 1e8 (a Laplacian badly scaled, still SPD): PCG's
 * residual rises to about 1e6 ||b|| at the first iteration and then falls.
 * It must not be cut off as diverged; it gets within 1e-6 (its attainable
 * accuracy is near 5e-8 in double). */
static void badly_scaled(void) {
  fmt_csr *a = NULL;
  CHECK_OK(fmt_poisson(5, 40, &a));
  for (int32_t i = 0; i < a->m; i++)
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
      a->val[k] *= pow(10.0, 8.0 * (i % 37) / 36.0) * pow(10.0, 8.0 * (a->col[k] % 37) / 36.0);
  amg_options o = options();
  double *b = random_vector(a->m, 17), *x = malloc((size_t)a->m * sizeof *x), res;
  int conv;
  amg_status s = solve(a, &o, b, x, &res, &conv);
  double truth = true_residual(a, b, x);
  CHECK((s == AMG_OK || s == AMG_ERR_NOT_CONVERGED) && truth < 1e-6, "D A D: %s (%s), true residual %.3e",
        amg_status_name(s), amg_error_message(), truth);
  fmt_csr_destroy(a);
  /* A huge against b: r'Mr ~ ||b||^2 / ||A|| ends near 1e-300, still normal; a
     fixed floor under it (1e-280) once stopped these as not converged */
  const double scales[][2] = {{1e290, 1.0}, {1e150, 1e-61}};
  for (int k = 0; k < 2; k++) {
    CHECK_OK(fmt_poisson(5, 40, &a));
    for (int64_t e = 0; e < a->nnz; e++)
      a->val[e] *= scales[k][0];
    for (int32_t i = 0; i < a->m; i++)
      b[i] = scales[k][1] * (1.0 + 0.1 * (i % 7));
    s = solve(a, &o, b, x, &res, &conv);
    truth = true_residual(a, b, x);
    CHECK(s == AMG_OK && conv == 1 && truth <= o.tol, "A * %g, b ~ %g: %s (%s), true residual %.3e", scales[k][0],
          scales[k][1], amg_status_name(s), amg_error_message(), truth);
    fmt_csr_destroy(a);
  }
  /* A * 2^e with e near the ends of double's range: r'Mr ~ ||r||^2 / |A| left
     double's normal range at the start (2^996: PCG's r'Mr fell below 2^-1022
     while ||r||/||b|| was still 1e-6; 2^-1012: r'Mr = Inf at once, x ~ 1e307;
     2^-1016: NaN, from Inf - Inf inside the V-cycle), until each start
     rescaled b; the V-cycles as a solver reported that overflow until
     their start rescaled too. Scaling A by 2^996 (even, so the coarse
     Cholesky factor scales exactly too) scales every iterate exactly: x must
     be 2^-996 times the unscaled A's x, bit for bit. At 2^-1012 and 2^-1016
     the setup meets subnormal values and is not exact, so the true residual
     decides. */
  CHECK_OK(fmt_poisson(5, 40, &a));
  for (int32_t i = 0; i < a->m; i++)
    b[i] = 1.0 + 0.1 * (i % 7);
  double *x0 = malloc((size_t)a->m * sizeof *x0);
  const int exponents[] = {996, -1012, -1016};
  for (int solver = AMG_SOLVER_PCG; solver <= AMG_SOLVER_STATIONARY; solver++) {
    o.solver = (amg_solver_kind)solver;
    const char *name = solver == AMG_SOLVER_PCG ? "pcg" : "v-cycles";
    CHECK_OK(solve(a, &o, b, x0, &res, &conv));
    for (int k = 0; k < 3; k++) {
      fmt_csr *scaled = NULL;
      CHECK_OK(fmt_poisson(5, 40, &scaled));
      for (int64_t e = 0; e < scaled->nnz; e++)
        scaled->val[e] = ldexp(scaled->val[e], exponents[k]);
      s = solve(scaled, &o, b, x, &res, &conv);
      truth = true_residual(scaled, b, x);
      int same = 1;
      for (int32_t i = 0; i < a->m; i++)
        same &= ldexp(x[i], exponents[k]) == x0[i];
      CHECK(s == AMG_OK && conv == 1 && truth <= o.tol && (same || k > 0),
            "%s, A * 2^%d: %s (%s), true residual %.3e, x %s 2^%d times A's x", name, exponents[k],
            amg_status_name(s), s == AMG_OK ? "" : amg_error_message(), truth, same ? "is" : "is not",
            -exponents[k]);
      fmt_csr_destroy(scaled);
    }
  }
  fmt_csr_destroy(a);
  free(x0);
  free(b);
  free(x);
}

/* Penalised rows: the 2D Laplacian with a few diagonal entries raised to
 * 1e8..1e30 (Dirichlet rows by penalty, a pinned node). From an unscaled
 * start, those rows held nearly all of x'Dx, ten power steps returned rho
 * ~ 1 at level 0 (the Laplacian's is ~2), and PCG broke down. */
static void penalised_rows(void) {
  const double penalties[] = {1e8, 1e12, 1e30};
  for (int k = 0; k < 3; k++) {
    fmt_csr *a = NULL;
    CHECK_OK(fmt_poisson(5, 60, &a));
    for (int32_t i = 0; i < a->m; i += (k == 2 ? 59 : 1777)) /* row 0 and a few others; k = 2: a side's nodes */
      for (int64_t e = a->row_ptr[i]; e < a->row_ptr[i + 1]; e++)
        if (a->col[e] == i)
          a->val[e] = penalties[k];
    amg_options o = options();
    amg_hierarchy *h = NULL;
    CHECK_OK(amg_setup(a, &o, &h));
    if (h) {
      double rho = amg_hierarchy_report(h)->level[0].rho;
      CHECK(rho > 1.8 && rho < 2.0, "penalty %g: level-0 rho estimate %.4f (the Laplacian's is 1.99)", penalties[k],
            rho);
      solves_within_tol(h, a, 23, o.tol, "penalised rows");
    }
    amg_hierarchy_destroy(h);
    fmt_csr_destroy(a);
  }
}

/* I + 1e-3 L (a mass matrix with a little stiffness) on 200 x 200: level 1
 * has no coupling above strength_theta_coarse, so no aggregate formed and
 * its 5,600 rows were too many for the coarsest level's dense factor: the
 * setup failed. That level is now aggregated with theta = 0. */
static void diagonally_dominant(void) {
  fmt_csr *a = NULL;
  CHECK_OK(fmt_poisson(5, 200, &a));
  for (int32_t i = 0; i < a->m; i++)
    for (int64_t e = a->row_ptr[i]; e < a->row_ptr[i + 1]; e++)
      a->val[e] = a->col[e] == i ? 1.0 + 1e-3 * a->val[e] : 1e-3 * a->val[e];
  amg_options o = options();
  amg_hierarchy *h = NULL;
  CHECK_OK(amg_setup(a, &o, &h));
  if (h) {
    const amg_setup_report *rep = amg_hierarchy_report(h);
    CHECK(rep->levels >= 3 && rep->level[1].agg.count > 0, "I + 1e-3 L: %d levels, %d aggregates on level 1",
          rep->levels, rep->levels > 1 ? rep->level[1].agg.count : -1);
    solves_within_tol(h, a, 29, o.tol, "I + 1e-3 L");
  }
  amg_hierarchy_destroy(h);
  fmt_csr_destroy(a);
}

/* A singular matrix (rows 1 and 2 equal up to sign) with b outside its
 * range: x grows until PCG breaks down or overflows, and the message must
 * say that A may be singular. */
static void singular(void) {
  const int64_t row_ptr[4] = {0, 2, 4, 5};
  const int32_t col[5] = {0, 1, 0, 1, 2};
  const double val[5] = {2, -2, -2, 2, 2};
  fmt_csr *a = test_csr_from(3, 3, row_ptr, col, val);
  CHECK(a != NULL, "singular: the 3 x 3 matrix");
  if (!a)
    return;
  amg_options o = options();
  double b[3] = {1, 2, 3}, x[3], res;
  int conv;
  amg_status s = solve(a, &o, b, x, &res, &conv);
  CHECK((s == AMG_ERR_BREAKDOWN || s == AMG_ERR_SINGULAR || s == AMG_ERR_NONFINITE || s == AMG_ERR_DIVERGED) &&
            (strstr(amg_error_message(), "singular") || strstr(amg_error_message(), "positive definite")),
        "singular: %s: %s", amg_status_name(s), amg_error_message());
  fmt_csr_destroy(a);
  /* the pure-Neumann Laplacian on 50^2: its coarsest operator is singular up
     to rounding, and where the factorisation sees that (the CPU's does), the
     message names the level and says A may be singular */
  a = neumann(50, 0.0);
  amg_hierarchy *h = NULL;
  s = amg_setup(a, &o, &h);
  CHECK(s == AMG_OK || (s == AMG_ERR_SINGULAR && strstr(amg_error_message(), "the coarsest): coarse solve") &&
                        strstr(amg_error_message(), "A is singular")),
        "Neumann 50^2: %s: %s", amg_status_name(s), amg_error_message());
  if (backend == AMG_BACKEND_CPU)
    CHECK(s == AMG_ERR_SINGULAR, "Neumann 50^2 on the CPU: %s (its pivot 101 was -3.3e-15)", amg_status_name(s));
  amg_hierarchy_destroy(h);
  fmt_csr_destroy(a);
}

static void bad_options_and_arguments(void) {
  fmt_csr *a = NULL;
  CHECK_OK(fmt_poisson(5, 8, &a));
  amg_hierarchy *h = NULL;
  amg_options o = options();
  *(int *)&o.solver = 99;
  CHECK_ERROR(amg_setup(a, &o, &h), AMG_ERR_CONFIG, "solver.type = 99");
  o = options();
  *(int *)&o.backend = -1;
  CHECK_ERROR(amg_options_check(&o), AMG_ERR_CONFIG, "backend = -1");
  o = options();
  *(int *)&o.galerkin_order = 3;
  CHECK_ERROR(amg_options_check(&o), AMG_ERR_CONFIG, "amg.galerkin_order = 3");
  o = options();
  *(int *)&o.spgemm = 2;
  CHECK_ERROR(amg_options_check(&o), AMG_ERR_CONFIG, "amg.spgemm = 2");
  o = options();
  o.post_sweeps = 0;
  CHECK_ERROR(amg_setup(a, &o, &h), AMG_ERR_CONFIG, "must be equal with solver.type = pcg");
  o.solver = AMG_SOLVER_STATIONARY;
  CHECK_OK(amg_options_check(&o));
  o = options();
  o.backend = AMG_BACKEND_CPU;
  o.spgemm = SPGEMM_CUSPARSE;
  CHECK_ERROR(amg_setup(a, &o, &h), AMG_ERR_CONFIG, "cusparse needs the GPU, and the backend is cpu");
  o = options();
  o.max_iter = AMG_MAX_ITER + 1;
  CHECK_ERROR(amg_options_check(&o), AMG_ERR_CONFIG, "solver.max_iter");
  CHECK(h == NULL, "a failed setup left a hierarchy");

  CHECK_ERROR(amg_options_check(NULL), AMG_ERR_ARG, "NULL");
  amg_options_default(NULL); /* does nothing */
  CHECK_ERROR(amg_setup(a, NULL, NULL), AMG_ERR_ARG, "NULL output");
  amg_galerkin_order order;
  CHECK_ERROR(amg_galerkin_order_parse("auto", NULL), AMG_ERR_ARG, "NULL");
  CHECK_ERROR(amg_galerkin_order_parse(NULL, &order), AMG_ERR_ARG, "NULL");
  CHECK_ERROR(amg_galerkin_choose(NULL, NULL, NULL, &order), AMG_ERR_ARG, "NULL");
  { /* P and R swapped: read past A's tiles before the shapes were checked */
    fmt_csr *p = NULL, *r = NULL;
    fmt_tile *ta = NULL, *tp = NULL, *tr = NULL;
    CHECK_OK(fmt_csr_create(64, 8, 64, FMT_HOST, &p));
    for (int32_t i = 0; i <= 64; i++)
      p->row_ptr[i] = i;
    for (int32_t i = 0; i < 64; i++)
      p->col[i] = i / 8, p->val[i] = 1.0;
    CHECK_OK(fmt_csr_transpose(p, &r));
    CHECK_OK(fmt_tile_from_csr(a, &ta));
    CHECK_OK(fmt_tile_from_csr(p, &tp));
    CHECK_OK(fmt_tile_from_csr(r, &tr));
    CHECK_OK(amg_galerkin_choose(ta, tp, tr, &order));
    CHECK_ERROR(amg_galerkin_choose(ta, tr, tp, &order), AMG_ERR_ARG, "be P^T's shape");
    fmt_tile_destroy(ta), fmt_tile_destroy(tp), fmt_tile_destroy(tr);
    fmt_csr_destroy(p), fmt_csr_destroy(r);
  }
  CHECK(amg_hierarchy_report(NULL) == NULL, "report of a NULL hierarchy");
  fmt_csr broken = *a;
  broken.col = NULL;
  CHECK_ERROR(amg_setup(&broken, NULL, &h), AMG_ERR_INVALID_MATRIX, "NULL");
  o = options();
  CHECK_OK(amg_setup(a, &o, &h));
  double b[64] = {1}, x[64];
  amg_solve_report rep;
  CHECK_ERROR(amg_solve(h, b, x, NULL), AMG_ERR_ARG, "NULL report");
  CHECK_ERROR(amg_solve(h, NULL, x, &rep), AMG_ERR_ARG, "NULL");
  amg_solve_report_free(&rep);
  CHECK_ERROR(amg_vcycle(h, NULL, x), AMG_ERR_ARG, "NULL");
  CHECK_ERROR(amg_vcycle(NULL, b, x), AMG_ERR_ARG, "NULL");
  CHECK_ERROR(amg_vcycle(h, x, x), AMG_ERR_ARG, "must be different arrays"); /* it gave a wrong z */
  amg_hierarchy_destroy(h);
  o = options();
  o.rho_steps = AMG_RHO_STEPS_MIN - 1; /* 1 and 2 made every solve of the 3D 7-point problem fail */
  CHECK_ERROR(amg_options_check(&o), AMG_ERR_CONFIG, "amg.rho_steps = 4 must be in 5..1000");
  o.rho_steps = AMG_RHO_STEPS_MIN;
  CHECK_OK(amg_options_check(&o));
  if (fmt_device_count() < 1) { /* a device call without a GPU says so, whatever CUDA's error */
    fmt_csr *d = NULL;
    amg_status s = fmt_csr_upload(a, &d);
    CHECK(s == AMG_ERR_NO_DEVICE || s == AMG_ERR_NO_CUDA, "upload without a GPU: %s: %s", amg_status_name(s),
          amg_error_message());
  }
  fmt_csr_destroy(a);
}

/* GPU: a setup that runs out of device memory midway says so and leaves the
 * library usable. The pool is filled with chunks of 256 MiB, then of halving
 * sizes down to 1 MiB, until nothing more fits; chunks are freed again from
 * the smallest until 16 MiB are free. A 3D 7-point setup on 64^3 (some
 * hundred MiB) must then fail with AMG_ERR_DEVICE_NOMEM. With every chunk
 * freed, the same setup must succeed and solve. */
static void device_memory_exhausted(void) {
  enum { CHUNKS_MAX = 8192 };
  static void *chunk[CHUNKS_MAX];
  static size_t chunk_bytes[CHUNKS_MAX];
  int count = 0;
  for (size_t bytes = (size_t)256 << 20; bytes >= ((size_t)1 << 20); bytes /= 2)
    while (count < CHUNKS_MAX && fmt_device_alloc(&chunk[count], bytes) == AMG_OK)
      chunk_bytes[count++] = bytes;
  CHECK(count > 0 && count < CHUNKS_MAX, "filling the device: %d chunks", count);
  size_t freed = 0;
  while (count > 0 && freed < ((size_t)16 << 20)) {
    freed += chunk_bytes[--count];
    fmt_device_free(chunk[count]);
  }
  fmt_csr *a = NULL;
  CHECK_OK(fmt_poisson(7, 64, &a));
  amg_options o = options();
  amg_hierarchy *h = NULL;
  amg_status s = amg_setup(a, &o, &h);
  CHECK(s == AMG_ERR_DEVICE_NOMEM && h == NULL, "setup with 16 MiB left: %s: %s", amg_status_name(s),
        amg_error_message());
  CHECK(strstr(amg_error_message(), "out of memory") != NULL, "message '%s'", amg_error_message());
  amg_hierarchy_destroy(h);
  for (int k = 0; k < count; k++)
    fmt_device_free(chunk[k]);
  CHECK_OK(amg_setup(a, &o, &h));
  solves_within_tol(h, a, 13, o.tol, "after the memory came back");
  amg_hierarchy_destroy(h);
  fmt_csr_destroy(a);
}

/* One solve by h from zero (guess NULL) or from a copy of guess; x, the
 * report's iterations and first history entry, and the status. */
static amg_status solve_with(amg_hierarchy *h, const double *b, const double *guess, double *x, int32_t n,
                             int *iterations, double *first) {
  amg_solve_report rep;
  amg_status s;
  if (guess) {
    memcpy(x, guess, (size_t)n * sizeof *x);
    s = amg_solve_from(h, b, x, &rep);
  } else
    s = amg_solve(h, b, x, &rep);
  *iterations = rep.iterations;
  *first = rep.history ? rep.history[0] : NAN;
  amg_solve_report_free(&rep);
  return s;
}

/* amg_solve_from: a zero guess is amg_solve bit for bit; a converged x comes
 * back unchanged after 0 iterations; a partial solution continues in fewer
 * iterations than from zero, with history[0] its own residual; a non-finite
 * guess is named. For PCG and for V-cycles, with b scaled too. */
static void initial_guess(void) {
  fmt_csr *a = NULL;
  CHECK_OK(fmt_poisson(5, 48, &a));
  int32_t n = a->m;
  for (int solver = AMG_SOLVER_PCG; solver <= AMG_SOLVER_STATIONARY; solver++) {
    const char *name = solver == AMG_SOLVER_PCG ? "guess, pcg" : "guess, v-cycles";
    amg_options o = options(), few = options();
    o.solver = few.solver = (amg_solver_kind)solver;
    few.max_iter = 3;
    amg_hierarchy *h = NULL, *h_few = NULL;
    CHECK_OK(amg_setup(a, &o, &h));
    CHECK_OK(amg_setup(a, &few, &h_few));
    double *b = random_vector(n, 21), *zero = calloc((size_t)n, sizeof *zero), *x0 = malloc((size_t)n * sizeof *x0),
           *x = malloc((size_t)n * sizeof *x), *partial = malloc((size_t)n * sizeof *partial), first;
    int from_zero = 0, it = 0;
    if (!h || !h_few)
      goto done;
    CHECK_OK(solve_with(h, b, NULL, x0, n, &from_zero, &first));
    CHECK_OK(solve_with(h, b, zero, x, n, &it, &first));
    CHECK(it == from_zero && first == 1.0 && !memcmp(x, x0, (size_t)n * sizeof *x),
          "%s: a zero guess took %d iterations (from zero %d), history[0] %g, x %s", name, it, from_zero, first,
          memcmp(x, x0, (size_t)n * sizeof *x) ? "differs" : "equal");
    CHECK_OK(solve_with(h, b, x0, x, n, &it, &first));
    CHECK(it == 0 && first <= o.tol && !memcmp(x, x0, (size_t)n * sizeof *x),
          "%s: a converged guess took %d iterations, history[0] %.3e, x %s", name, it, first,
          memcmp(x, x0, (size_t)n * sizeof *x) ? "changed" : "unchanged");
    CHECK_ERROR(solve_with(h_few, b, NULL, partial, n, &it, &first), AMG_ERR_NOT_CONVERGED, "in 3 iterations");
    CHECK_OK(solve_with(h, b, partial, x, n, &it, &first));
    double truth = true_residual(a, b, partial);
    CHECK(fabs(first - truth) <= 1e-6 * truth, "%s: history[0] %.9e, ||b - A x0||/||b|| %.9e", name, first, truth);
    CHECK(it >= 1 && it < from_zero && true_residual(a, b, x) <= o.tol,
          "%s: from 3 iterations' x, %d more iterations (from zero %d), true residual %.3e", name, it, from_zero,
          true_residual(a, b, x));
    for (int32_t i = 0; i < n; i++) { /* the same system scaled by 2^-600: b is rescaled, and the guess with it */
      b[i] = ldexp(b[i], -600);
      partial[i] = ldexp(partial[i], -600);
    }
    CHECK_OK(solve_with(h, b, partial, x, n, &it, &first));
    CHECK(it >= 1 && it < from_zero && true_residual(a, b, x) <= o.tol,
          "%s: scaled by 2^-600, %d iterations (from zero %d), true residual %.3e", name, it, from_zero,
          true_residual(a, b, x));
    partial[5] = NAN;
    CHECK_ERROR(solve_with(h, b, partial, x, n, &it, &first), AMG_ERR_NONFINITE, "x[5] (1-based 6) = nan");
  done:
    amg_hierarchy_destroy(h);
    amg_hierarchy_destroy(h_few);
    free(b), free(zero), free(x0), free(x), free(partial);
  }
  fmt_csr_destroy(a);
}

/* Where a solve starts and stops: a guess far from the solution (its
 * residual 1e12 ||b||) converges, for PCG and V-cycles, where the divergence
 * bounds measured against ||b|| once stopped it; a guess that meets tol
 * comes back bit for bit even where b's rescaling would flush its tiny
 * entries; a NaN guess is named even for b = 0; and a tol below what double
 * reaches ends in "not converged" with the true residual, not in a false
 * breakdown when PCG's r'Mr underflows to 0. */
static void start_and_stop(void) {
  fmt_csr *a = NULL;
  CHECK_OK(fmt_poisson(5, 30, &a));
  int32_t n = a->m;
  double *b = random_vector(n, 5), *guess = malloc((size_t)n * sizeof *guess), *x = malloc((size_t)n * sizeof *x);
  double first;
  int it;
  for (int solver = AMG_SOLVER_PCG; solver <= AMG_SOLVER_STATIONARY; solver++) {
    amg_options o = options();
    o.solver = (amg_solver_kind)solver;
    amg_hierarchy *h = NULL;
    CHECK_OK(amg_setup(a, &o, &h));
    if (!h)
      continue;
    double scale = solver == AMG_SOLVER_PCG ? 1e12 : 1e7; /* above each bound times ||b|| */
    for (int32_t i = 0; i < n; i++)
      guess[i] = scale * (i % 7);
    amg_status s = solve_with(h, b, guess, x, n, &it, &first);
    CHECK(s == AMG_OK && first > scale && true_residual(a, b, x) <= o.tol,
          "%s from a guess of scale %g: %s after %d iterations (history[0] %.3e): %s",
          solver == AMG_SOLVER_PCG ? "pcg" : "v-cycles", scale, amg_status_name(s), it, first, amg_error_message());
    amg_hierarchy_destroy(h);
  }
  { /* identity, b = x0 = (1e300, 1e-300): b is scaled by 2^-997, which flushes 1e-300 */
    fmt_csr *id = NULL;
    CHECK_OK(fmt_csr_create(2, 2, 2, FMT_HOST, &id));
    id->row_ptr[0] = 0, id->row_ptr[1] = 1, id->row_ptr[2] = 2;
    id->col[0] = 0, id->col[1] = 1, id->val[0] = id->val[1] = 1.0;
    amg_options o = options();
    amg_hierarchy *h = NULL;
    CHECK_OK(amg_setup(id, &o, &h));
    double b2[2] = {1e300, 1e-300}, x2[2];
    if (h) {
      amg_status s = solve_with(h, b2, b2, x2, 2, &it, &first);
      CHECK(s == AMG_OK && it == 0 && x2[0] == b2[0] && x2[1] == b2[1], "converged guess: %s, %d iterations, x = "
            "(%g, %g)", amg_status_name(s), it, x2[0], x2[1]);
      double zero[2] = {0, 0}, nan_guess[2] = {NAN, 1};
      CHECK_ERROR(solve_with(h, zero, nan_guess, x2, 2, &it, &first), AMG_ERR_NONFINITE, "x[0] (1-based 1) = nan");
    }
    amg_hierarchy_destroy(h);
    fmt_csr_destroy(id);
  }
  free(b), free(guess), free(x);
  fmt_csr_destroy(a);
  /* PCG's own residual underflows long before tol = 1e-200 (3 levels on 20^2; iteration 238 broke down) */
  CHECK_OK(fmt_poisson(5, 20, &a));
  n = a->m;
  b = random_vector(n, 5), x = malloc((size_t)n * sizeof *x);
  amg_options o = options();
  o.tol = 1e-200;
  o.max_iter = 1000;
  o.coarse_size = 10;
  amg_hierarchy *h = NULL;
  CHECK_OK(amg_setup(a, &o, &h));
  if (h) {
    amg_solve_report rep;
    amg_status s = amg_solve(h, b, x, &rep);
    double truth = true_residual(a, b, x); /* at the rounding level: double and long double agree within 2x */
    CHECK(s == AMG_ERR_NOT_CONVERGED && strstr(amg_error_message(), "||b - A x||/||b||") && rep.iterations < 1000 &&
              truth < 1e-13 && rep.relative_residual < 2 * truth && truth < 2 * rep.relative_residual,
          "tol 1e-200: %s after %d iterations (%s), true residual %.3e, reported %.3e", amg_status_name(s),
          rep.iterations, amg_error_message(), truth, rep.relative_residual);
    amg_solve_report_free(&rep);
  }
  amg_hierarchy_destroy(h);
  free(b), free(x);
  fmt_csr_destroy(a);
}

/* amg_device_trim gives the pool's freed memory back (GPU) or does nothing
 * (CPU), and a setup and solve after it work. */
static void trim_pool(void) {
  fmt_csr *a = NULL;
  amg_hierarchy *h = NULL;
  amg_options o = options();
  CHECK_OK(fmt_poisson(27, 30, &a));
  if (!a)
    return;
  CHECK_OK(amg_setup(a, &o, &h));
  amg_hierarchy_destroy(h);
  h = NULL;
  size_t kept = fmt_device_bytes_reserved(), in_use = fmt_device_bytes_in_use();
  CHECK_OK(amg_device_trim());
  size_t after = fmt_device_bytes_reserved();
  if (backend == AMG_BACKEND_GPU) {
    printf("trim: %zu bytes reserved (%zu in use) before, %zu after\n", kept, in_use, after);
    CHECK(kept > in_use && after < kept, "trim: %zu bytes reserved (%zu in use) before, %zu after", kept, in_use,
          after);
  } else {
    CHECK(kept == 0 && after == 0, "trim on the CPU backend: %zu, then %zu bytes reserved", kept, after);
  }
  CHECK_OK(amg_setup(a, &o, &h));
  solves_within_tol(h, a, 8, o.tol, "after amg_device_trim");
  amg_hierarchy_destroy(h);
  fmt_csr_destroy(a);
}

/* The last section: what only one backend can check. */
static void backend_only(void) {
  if (backend != AMG_BACKEND_GPU)
    bad_options_and_arguments();
  else if (getenv("AMG_TEST_QUICK"))
    printf("AMG_TEST_QUICK: the out-of-device-memory setup is not run\n");
  else
    device_memory_exhausted();
}

/* The test's sections in order. `test_api_edges [gpu] K/N` runs part K of N
 * (the sections whose index is K modulo N), so that a sanitizer can take the
 * GPU run in parts, each within the GPU machine's 10 minutes per command
 * (racecheck of the whole ran past 420 s in run 338). CTest runs it whole. */
static void (*const sections[])(void) = {
    rhs_scaling,      slightly_indefinite, initial_guess, start_and_stop,      converged_means_true_residual,
    extreme_matrices, badly_scaled,        penalised_rows, diagonally_dominant, singular,
    trim_pool,        backend_only,
};

int main(int argc, char **argv) {
  int gpu = argc > 1 && !strcmp(argv[1], "gpu");
  int part = 0, parts = 1;
  char rest;
  if (argc > 2 + gpu || (argc == 2 + gpu && (sscanf(argv[1 + gpu], "%d/%d%c", &part, &parts, &rest) != 2 ||
                                              parts < 1 || part < 0 || part >= parts))) {
    fprintf(stderr, "usage: test_api_edges [gpu] [K/N]: all sections, or part K of N (0 <= K < N)\n");
    return 2;
  }
  const char *name = gpu ? "test_api_edges gpu" : "test_api_edges";
  if (gpu) {
    test_require_device(name);
    backend = AMG_BACKEND_GPU;
    CHECK_OK(amg_device_init(NULL)); /* library handles and kernels loaded before memory runs out */
    kernels_loaded();
  }
  int count = (int)(sizeof sections / sizeof *sections);
  for (int i = part; i < count; i += parts)
    sections[i]();
  if (parts > 1) {
    printf("%s: part %d of %d (sections", name, part, parts);
    for (int i = part; i < count; i += parts)
      printf(" %d", i);
    printf(" of 0..%d) only\n", count - 1);
  }
  return test_finish(name);
}
