/* The smoothed-aggregation model of the bhSPARSE Galerkin study, on the host:
 * for a Poisson matrix on an n^d grid (natural order), aggregates are 3^d
 * blocks of grid points (smaller at the far edges), numbered in the coarse
 * grid's natural order; T has one entry 1/sqrt(|aggregate|) per row, and
 * P = (I - (4/3)/rho * D^-1 A) T with rho ~ rho(D^-1 A) from power iteration.
 * Used by spgemm_bench and the GPU tests; the solver builds its own P. */
#include <math.h>
#include <stdlib.h>

#include "spgemm.h"

/* rho(D^-1 A) by power iteration from a fixed start vector, Rayleigh quotient
 * in the D inner product (exact for the symmetric pencil). */
static amg_status spectral_radius(const fmt_csr *a, const double *diag, int steps, double *rho_out) {
  int32_t m = a->m;
  double *x = malloc((size_t)m * sizeof *x), *y = malloc((size_t)m * sizeof *y), rho = 0;
  amg_status s = AMG_OK;
  if (!x || !y) {
    s = amg_error(AMG_ERR_NOMEM, "structured_prolongator: out of host memory");
    goto done;
  }
  for (int32_t i = 0; i < m; i++)
    x[i] = 1.0 + 0.5 * sin(0.7 * i + 0.3); /* fixed, not an eigenvector */
  for (int s = 0; s < steps; s++) {
    double xax = 0, xdx = 0, norm = 0;
    for (int32_t i = 0; i < m; i++) {
      double ax = 0;
      for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
        ax += a->val[k] * x[a->col[k]];
      xax += x[i] * ax;
      xdx += x[i] * diag[i] * x[i];
      y[i] = ax / diag[i];
      norm += y[i] * y[i];
    }
    rho = xax / xdx;
    norm = sqrt(norm);
    for (int32_t i = 0; i < m; i++)
      x[i] = y[i] / norm;
  }
  if (!(rho > 0) || !isfinite(rho))
    s = amg_error(AMG_ERR_NONFINITE, "structured_prolongator: power iteration gave rho(D^-1 A) = %g", rho);
done:
  free(x);
  free(y);
  *rho_out = rho;
  return s;
}

amg_status spgemm_structured_prolongator(const fmt_csr *a, int dims, int32_t n, fmt_csr **p_out,
                                         int32_t *n_coarse) {
  if (!p_out || !n_coarse)
    return amg_error(AMG_ERR_ARG, "structured_prolongator: %s is NULL", p_out ? "n_coarse" : "p");
  *p_out = NULL;
  if (!a)
    return amg_error(AMG_ERR_ARG, "structured_prolongator: a is NULL");
  int in_range = n >= 1 && n <= fmt_poisson_max_n(dims); /* n^dims cannot overflow */
  int64_t points = in_range ? (int64_t)n * n * (dims == 3 ? n : 1) : -1;
  if ((dims != 2 && dims != 3) || points != a->m || a->m != a->n)
    return amg_error(AMG_ERR_ARG, "structured_prolongator: %d x %d is not an n^%d grid with n = %d", a->m,
                     a->n, dims, n);
  int32_t nc = (n + 2) / 3, nz = dims == 3 ? n : 1, ncz = dims == 3 ? nc : 1;
  int64_t coarse = (int64_t)nc * nc * ncz;
  fmt_csr *t = NULL, *at = NULL, *p = NULL;
  double *diag = malloc((size_t)a->m * sizeof *diag);
  amg_status s = diag ? fmt_csr_create(a->m, (int32_t)coarse, a->m, FMT_HOST, &t)
                      : amg_error(AMG_ERR_NOMEM, "structured_prolongator: out of host memory");
  if (s != AMG_OK)
    goto done;
  for (int32_t i = 0; i < a->m; i++) {
    diag[i] = 0;
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
      if (a->col[k] == i)
        diag[i] = a->val[k];
    if (!(diag[i] > 0)) {
      s = amg_error(AMG_ERR_BAD_DIAGONAL, "structured_prolongator: diagonal of row %d is %g", i, diag[i]);
      goto done;
    }
  }
  /* T: point (x,y,z) -> aggregate (x/3, y/3, z/3); aggregate sizes per axis are 3 or the remainder. */
  for (int32_t z = 0; z < nz; z++)
    for (int32_t y = 0; y < n; y++)
      for (int32_t x = 0; x < n; x++) {
        int64_t i = x + (int64_t)n * y + (int64_t)n * n * z;
        int sx = (x / 3) * 3 + 3 <= n ? 3 : n % 3, sy = (y / 3) * 3 + 3 <= n ? 3 : n % 3;
        int sz = dims == 3 ? ((z / 3) * 3 + 3 <= n ? 3 : n % 3) : 1;
        t->row_ptr[i] = i;
        t->col[i] = (int32_t)(x / 3 + (int64_t)nc * (y / 3) + (int64_t)nc * nc * (z / 3));
        t->val[i] = 1.0 / sqrt((double)(sx * sy * sz));
      }
  t->row_ptr[a->m] = a->m;
  double rho = 0;
  s = spectral_radius(a, diag, 20, &rho);
  if (s == AMG_OK)
    s = spgemm_csr_reference(a, t, &at);
  if (s != AMG_OK)
    goto done;
  double omega_over_rho = (4.0 / 3.0) / rho;
  /* P = T - omega/rho D^-1 (A T): T's pattern lies inside A T's (a_ii > 0). */
  p = at;
  at = NULL;
  for (int32_t i = 0; i < p->m; i++)
    for (int64_t k = p->row_ptr[i]; k < p->row_ptr[i + 1]; k++) {
      p->val[k] *= -omega_over_rho / diag[i];
      if (p->col[k] == t->col[i])
        p->val[k] += t->val[i];
    }
  *n_coarse = nc;
done:
  free(diag);
  fmt_csr_destroy(t);
  fmt_csr_destroy(at);
  if (s == AMG_OK)
    *p_out = p;
  else
    fmt_csr_destroy(p);
  return s;
}
