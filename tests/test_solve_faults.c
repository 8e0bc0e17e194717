/* Failures injected into the CPU backend's setup and solve, through the
 * linker's --wrap (tests/CMakeLists.txt): each must come back as the right
 * status, with a report that does not claim what was not computed.
 *  - The final true residual fails after PCG met tol: the solve fails, and
 *    its report says not converged, with no residual.
 *  - The coarse solve returns NaN from its k-th call on: AMG_ERR_NONFINITE,
 *    at the start (k = 1: the start retries with b scaled down, as for an
 *    overflow, and still finds NaN) or inside the loop (k = 3), never
 *    "breakdown".
 *  - Level 0's conversion to tiles fails: setup returns that failure. */
#include <math.h>
#include <stdlib.h>

#include "hierarchy.h"
#include "test_util.h"

static const double *fail_residual_of; /* amg_residual fails for this b */
static int nan_at_coarse_call, coarse_calls;
static int fail_tile_conversion;

amg_status __real_amg_residual(const fmt_tile *a, const double *b, const double *x, double *r);
amg_status __wrap_amg_residual(const fmt_tile *a, const double *b, const double *x, double *r) {
  if (fail_residual_of && b == fail_residual_of)
    return amg_error(AMG_ERR_CUDA, "injected: the residual failed");
  return __real_amg_residual(a, b, x, r);
}

amg_status __real_amg_coarse_apply(const amg_coarse_solver *cs, const double *b, double *x);
amg_status __wrap_amg_coarse_apply(const amg_coarse_solver *cs, const double *b, double *x) {
  amg_status s = __real_amg_coarse_apply(cs, b, x);
  if (nan_at_coarse_call && ++coarse_calls >= nan_at_coarse_call) /* from then on, as a real fault would */
    x[0] = NAN;
  return s;
}

amg_status __real_fmt_tile_from_csr(const fmt_csr *a, fmt_tile **out);
amg_status __wrap_fmt_tile_from_csr(const fmt_csr *a, fmt_tile **out) {
  if (fail_tile_conversion) {
    *out = NULL;
    return amg_error(AMG_ERR_NOMEM, "injected: no memory for the tiles");
  }
  return __real_fmt_tile_from_csr(a, out);
}

static amg_hierarchy *setup(const fmt_csr *a) {
  amg_options o;
  amg_options_default(&o);
  o.backend = AMG_BACKEND_CPU;
  amg_hierarchy *h = NULL;
  CHECK_OK(amg_setup(a, &o, &h));
  return h;
}

static void failed_true_residual(const fmt_csr *a, const double *b, double *x) {
  amg_hierarchy *h = setup(a);
  if (!h)
    return;
  amg_solve_report rep;
  fail_residual_of = h->ws.b; /* only the true residual passes the workspace's b */
  CHECK_ERROR(amg_solve(h, b, x, &rep), AMG_ERR_CUDA, "injected: the residual failed");
  fail_residual_of = NULL;
  CHECK(!rep.converged, "a solve whose true residual failed reports converged");
  CHECK(isnan(rep.relative_residual), "its relative_residual is %g, not NaN", rep.relative_residual);
  amg_solve_report_free(&rep);
  amg_hierarchy_destroy(h);
}

static void nan_from_coarse_solve(const fmt_csr *a, const double *b, double *x, int at_call, const char *needle) {
  amg_hierarchy *h = setup(a);
  if (!h)
    return;
  amg_solve_report rep;
  coarse_calls = 0;
  nan_at_coarse_call = at_call;
  CHECK_ERROR(amg_solve(h, b, x, &rep), AMG_ERR_NONFINITE, needle);
  nan_at_coarse_call = 0;
  CHECK(!rep.converged, "NaN at coarse call %d: reported converged", at_call);
  amg_solve_report_free(&rep);
  amg_hierarchy_destroy(h);
}

static void failed_conversion(const fmt_csr *a) {
  amg_options o;
  amg_options_default(&o);
  o.backend = AMG_BACKEND_CPU;
  amg_hierarchy *h = NULL;
  fail_tile_conversion = 1;
  CHECK_ERROR(amg_setup(a, &o, &h), AMG_ERR_NOMEM, "injected: no memory for the tiles");
  fail_tile_conversion = 0;
  CHECK(h == NULL, "a failed setup returned a hierarchy");
}

int main(void) {
  fmt_csr *a = NULL;
  CHECK_OK(fmt_poisson(5, 40, &a));
  if (!a)
    return test_finish("test_solve_faults");
  double *b = malloc((size_t)a->m * sizeof *b), *x = malloc((size_t)a->m * sizeof *x);
  CHECK(b && x, "out of memory");
  if (b && x) {
    for (int32_t i = 0; i < a->m; i++)
      b[i] = 1.0;
    failed_true_residual(a, b, x);
    nan_from_coarse_solve(a, b, x, 1, "preconditioned residual is not finite (r'Mr");
    nan_from_coarse_solve(a, b, x, 3, "not finite at iteration 2");
    failed_conversion(a);
  }
  free(b);
  free(x);
  fmt_csr_destroy(a);
  return test_finish("test_solve_faults");
}
