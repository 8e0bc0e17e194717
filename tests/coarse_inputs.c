#include "coarse_inputs.h"

#include <math.h>
#include <stdlib.h>

#include "test_util.h"

void random_vector(int32_t n, uint64_t seed, double *v) {
  test_rng rng = {seed};
  for (int32_t i = 0; i < n; i++)
    v[i] = 2.0 * test_rng_uniform(&rng) - 1.0;
}

double relative_residual(const fmt_csr *a, const double *b, const double *x) {
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

fmt_csr *diagonal_csr(int32_t n, const double *diag) {
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

void set_entry(fmt_csr *a, int32_t i, int32_t j, double v) {
  for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
    if (a->col[k] == j)
      a->val[k] = v;
}

void coarse_each_spd(coarse_check check, int with_larger) {
  static const struct {
    int32_t n;
    double density;
  } spd[] = {{1, 1.0}, {7, 1.0}, {33, 1.0}, {33, 0.1}, {100, 0.3}, {250, 0.02}, {250, 1.0},
             {1000, 0.01}};
  size_t spd_count = sizeof spd / sizeof *spd - (with_larger ? 0 : 1);
  for (size_t c = 0; c < spd_count; c++) {
    int32_t n = spd[c].n;
    char name[64];
    snprintf(name, sizeof name, "random SPD B B^T + nI, d = %.2f", spd[c].density);
    double *d = test_random_spd_dense(n, spd[c].density, 1000 + c);
    fmt_csr *a = test_csr_from_dense(n, n, d, 0), *lower = test_csr_from_dense(n, n, d, 1);
    CHECK(a && lower, "%s: could not build the matrix", name);
    if (a && lower)
      check(a, lower, 2000 + c, name);
    fmt_csr_destroy(a);
    fmt_csr_destroy(lower);
    free(d);
  }
  static const struct {
    int stencil;
    int32_t n;
  } poisson[] = {{5, 1}, {5, 3}, {5, 20}, {9, 19}, {7, 7}, {27, 6}, {5, 31}};
  size_t poisson_count = sizeof poisson / sizeof *poisson - (with_larger ? 0 : 1);
  for (size_t c = 0; c < poisson_count; c++) {
    fmt_csr *a = NULL;
    char name[64];
    snprintf(name, sizeof name, "poisson %d-point n=%d", poisson[c].stencil, poisson[c].n);
    CHECK_OK(fmt_poisson(poisson[c].stencil, poisson[c].n, &a));
    if (a)
      check(a, NULL, 3000 + c, name);
    fmt_csr_destroy(a);
  }
}
