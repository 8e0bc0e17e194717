/* The solve on the CPU backend, driven by the small configs in configs/:
 * each converges to 1e-8, in no more iterations than CG's Chebyshev bound
 * ceil(sqrt(kappa)/2 ln(2/tol)) allows for the preconditioned operator's
 * condition number kappa, which the test estimates itself by power
 * iteration on M^-1 A (largest eigenvalue) and on I - M^-1 A / lambda_max
 * (smallest), with a factor 2 of slack on kappa for the estimates; kappa
 * itself must be small (SA's V-cycle is a good preconditioner for these
 * problems); operator complexity stays below 2; stationary V-cycles
 * converge on the Poisson problems; an indefinite matrix is reported, not
 * solved.
 *
 * With the argument "gpu" it runs the same problems on the GPU backend and
 * requires the CPU's iteration counts within +-1 (label gpu). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "amg.h"
#include "app_config.h"
#include "test_util.h"

#ifndef AMG_SOURCE_DIR
#define AMG_SOURCE_DIR "."
#endif

/* kappa_max: the largest kappa(M^-1 A) accepted. SA with a V(1,1) Jacobi
 * cycle keeps kappa near 2-5 on Poisson problems whatever their size; the
 * diffusion matrix's 10^3 coefficient jump leaves a few interface modes to
 * CG (about 17 measured), so it gets a wider bound, and stationary
 * V-cycles are only required to converge on the Poisson problems. */
static const struct {
  const char *file;
  double kappa_max;
  int stationary;
} configs[] = {{"poisson2d_5pt_small.cfg", 10.0, 1},
               {"poisson2d_9pt_small.cfg", 10.0, 1},
               {"poisson3d_7pt_small.cfg", 10.0, 1},
               {"poisson3d_27pt_small.cfg", 10.0, 1},
               {"matrix_market.cfg", 50.0, 0}};

static double norm(const double *x, int32_t n) {
  double s = 0;
  for (int32_t i = 0; i < n; i++)
    s += x[i] * x[i];
  return sqrt(s);
}

static void csr_matvec(const fmt_csr *a, const double *x, double *y) {
  for (int32_t i = 0; i < a->m; i++) {
    y[i] = 0;
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
      y[i] += a->val[k] * x[a->col[k]];
  }
}

/* y = M^-1 A x with the host hierarchy (M^-1 = one V-cycle). */
static void apply(amg_hierarchy *h, const fmt_csr *a, const double *x, double *y, double *t) {
  csr_matvec(a, x, t);
  CHECK_OK(amg_vcycle(h, t, y));
}

/* Extreme eigenvalues of M^-1 A by power iteration (their ratio estimates kappa). */
static double condition_number(amg_hierarchy *h, const fmt_csr *a) {
  int32_t n = a->m;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *t = malloc(n * sizeof *t);
  double lmax = 0, lmin = 0;
  for (int pass = 0; pass < 2; pass++) {
    for (int32_t i = 0; i < n; i++)
      x[i] = 1.0 + 0.5 * sin(1.3 * i);
    double lambda = 0;
    for (int it = 0; it < 200; it++) {
      double nx = norm(x, n);
      for (int32_t i = 0; i < n; i++)
        x[i] /= nx;
      apply(h, a, x, y, t);
      if (pass == 1) /* (I - M^-1 A / lmax) x: its top eigenvalue is 1 - lmin / lmax */
        for (int32_t i = 0; i < n; i++)
          y[i] = x[i] - y[i] / lmax;
      lambda = norm(y, n);
      memcpy(x, y, n * sizeof *x);
    }
    if (pass == 0)
      lmax = lambda;
    else
      lmin = lmax * (1.0 - lambda);
  }
  free(x);
  free(y);
  free(t);
  return lmin > 0 ? lmax / lmin : INFINITY;
}

static int load(const char *name, app_config *cfg, fmt_csr **a, double **b) {
  char path[512];
  snprintf(path, sizeof path, "%s/configs/%s", AMG_SOURCE_DIR, name);
  app_config_default(cfg);
  amg_status s = app_config_load(cfg, path);
  if (s == AMG_OK)
    s = app_config_finish(cfg);
  CHECK(s == AMG_OK, "%s: %s", path, amg_error_message());
  if (s != AMG_OK)
    return 0;
  cfg->amg.verbose = 0;
  s = cfg->problem_type == APP_PROBLEM_POISSON ? fmt_poisson(cfg->stencil, cfg->n, a) : fmt_mm_read(cfg->file, a);
  CHECK(s == AMG_OK, "%s: problem: %s", name, amg_error_message());
  if (s != AMG_OK)
    return 0;
  *b = malloc((*a)->m * sizeof **b);
  test_rng rng = {(uint64_t)cfg->rhs_seed};
  for (int32_t i = 0; i < (*a)->m; i++)
    (*b)[i] = cfg->rhs == APP_RHS_ONES ? 1.0 : 2.0 * test_rng_uniform(&rng) - 1.0;
  return 1;
}

static int solve(const app_config *cfg, const fmt_csr *a, const double *b, amg_backend be, amg_solver_kind kind,
                 amg_hierarchy **keep, const char *what) {
  amg_options o = cfg->amg;
  o.backend = be;
  o.solver = kind;
  amg_hierarchy *h = NULL;
  amg_solve_report rep = {0};
  double *x = calloc(a->m, sizeof *x);
  CHECK_OK(amg_setup(a, &o, &h));
  int iterations = -1;
  if (h) {
    amg_status s = amg_solve(h, b, x, &rep);
    CHECK(s == AMG_OK && rep.converged, "%s: %s", what, amg_error_message());
    /* the true residual, recomputed here from x */
    double *r = malloc(a->m * sizeof *r);
    csr_matvec(a, x, r);
    for (int32_t i = 0; i < a->m; i++)
      r[i] = b[i] - r[i];
    double rel = norm(r, a->m) / norm(b, a->m);
    CHECK(rel <= 2 * o.tol && fabs(rel - rep.relative_residual) <= 1e-3 * o.tol,
          "%s: true residual %.3e, reported %.3e", what, rel, rep.relative_residual);
    free(r);
    iterations = rep.iterations;
    printf("%-32s %-10s %s: %2d iterations, residual %.2e, operator complexity %.3f, %d levels\n", what,
           kind == AMG_SOLVER_PCG ? "pcg" : "stationary", be == AMG_BACKEND_GPU ? "gpu" : "cpu", iterations,
           rep.relative_residual, amg_hierarchy_report(h)->operator_complexity, amg_hierarchy_report(h)->levels);
    CHECK(amg_hierarchy_report(h)->operator_complexity < 2.0, "%s: operator complexity %.3f", what,
          amg_hierarchy_report(h)->operator_complexity);
  }
  amg_solve_report_free(&rep);
  if (keep)
    *keep = h;
  else
    amg_hierarchy_destroy(h);
  free(x);
  return iterations;
}

/* A symmetric indefinite matrix (one negative diagonal entry far below the
 * Gershgorin disc) must be refused at setup or reported during the solve. */
static void indefinite(void) {
  fmt_csr *a = NULL;
  CHECK_OK(fmt_poisson(5, 20, &a));
  for (int64_t k = a->row_ptr[210]; k < a->row_ptr[211]; k++)
    if (a->col[k] == 210)
      a->val[k] = -50.0;
  amg_options o;
  amg_options_default(&o);
  o.backend = AMG_BACKEND_CPU;
  amg_hierarchy *h = NULL;
  CHECK_ERROR(amg_setup(a, &o, &h), AMG_ERR_BAD_DIAGONAL, "row 210");
  fmt_csr_destroy(a);
  /* Positive diagonal but indefinite: 5-point Poisson shifted by -1 (its
   * spectrum (0, 8) moves to (-1, 7)). The coarse Cholesky or PCG must say so. */
  CHECK_OK(fmt_poisson(5, 20, &a));
  for (int32_t i = 0; i < a->m; i++)
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
      if (a->col[k] == i)
        a->val[k] -= 1.0;
  amg_status s = amg_setup(a, &o, &h);
  if (s == AMG_OK) {
    double *b = malloc(a->m * sizeof *b), *x = malloc(a->m * sizeof *x);
    amg_solve_report rep = {0};
    for (int32_t i = 0; i < a->m; i++)
      b[i] = 1.0;
    s = amg_solve(h, b, x, &rep);
    amg_solve_report_free(&rep);
    free(b);
    free(x);
  }
  CHECK((s == AMG_ERR_SINGULAR || s == AMG_ERR_BREAKDOWN) && strstr(amg_error_message(), "positive definite"),
        "indefinite matrix: %s: %s", amg_status_name(s), amg_error_message());
  amg_hierarchy_destroy(h);
  fmt_csr_destroy(a);
}

int main(int argc, char **argv) {
  int gpu = argc > 1 && !strcmp(argv[1], "gpu");
  if (gpu)
    test_require_device("test_solve gpu");
  for (size_t k = 0; k < sizeof configs / sizeof *configs; k++) {
    app_config cfg;
    fmt_csr *a = NULL;
    double *b = NULL;
    const char *name = configs[k].file;
    if (!load(name, &cfg, &a, &b))
      continue;
    amg_hierarchy *h = NULL;
    int cpu_iterations = solve(&cfg, a, b, AMG_BACKEND_CPU, AMG_SOLVER_PCG, gpu ? NULL : &h, name);
    if (gpu) {
      int gpu_iterations = solve(&cfg, a, b, AMG_BACKEND_GPU, AMG_SOLVER_PCG, NULL, name);
      CHECK(abs(gpu_iterations - cpu_iterations) <= 1, "%s: GPU %d iterations, CPU %d", name, gpu_iterations,
            cpu_iterations);
      if (configs[k].stationary) {
        int cpu_cycles = solve(&cfg, a, b, AMG_BACKEND_CPU, AMG_SOLVER_STATIONARY, NULL, name);
        int gpu_cycles = solve(&cfg, a, b, AMG_BACKEND_GPU, AMG_SOLVER_STATIONARY, NULL, name);
        CHECK(abs(gpu_cycles - cpu_cycles) <= 1, "%s: GPU %d V-cycles, CPU %d", name, gpu_cycles, cpu_cycles);
      }
    } else if (h) {
      double kappa = condition_number(h, a);
      int bound = (int)ceil(0.5 * sqrt(2.0 * kappa) * log(2.0 / cfg.amg.tol));
      printf("%-32s kappa(M^-1 A) ~ %.3f: CG bound %d iterations\n", name, kappa, bound);
      CHECK(kappa < configs[k].kappa_max, "%s: kappa(M^-1 A) ~ %.3f, expected below %g", name, kappa,
            configs[k].kappa_max);
      CHECK(cpu_iterations > 0 && cpu_iterations <= bound, "%s: %d iterations, bound %d", name, cpu_iterations,
            bound);
      if (configs[k].stationary) {
        int stationary = solve(&cfg, a, b, AMG_BACKEND_CPU, AMG_SOLVER_STATIONARY, NULL, name);
        CHECK(stationary >= cpu_iterations, "%s: stationary %d iterations, PCG %d", name, stationary,
              cpu_iterations);
      }
    }
    amg_hierarchy_destroy(h);
    fmt_csr_destroy(a);
    free(b);
  }
  if (!gpu)
    indefinite();
  return test_finish(gpu ? "test_solve gpu" : "test_solve");
}
