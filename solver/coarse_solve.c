/* Dense direct solve on the coarsest level: host version (the CPU reference
 * of coarse_solve.cu), plus the two entry points that serve both versions.
 *
 * A is symmetric positive definite with n <= AMG_COARSE_DENSE_MAX. Only its
 * lower triangle (entries with col <= row) is read; stored entries above the
 * diagonal are checked for finiteness and otherwise ignored, so a matrix
 * given by its lower half alone gives the same solver bit for bit.
 *
 * Host: the lower triangle is copied into a dense row-major n x n array and
 * factorised in place as A = L L^T by the plain Cholesky-Crout recurrence,
 * column by column:
 *   d      = a_jj - sum_{k<j} l_jk^2           (the pivot; must be > 0)
 *   l_jj   = sqrt(d)
 *   l_ij   = (a_ij - sum_{k<j} l_ik l_jk) / l_jj    for i > j,
 * each sum in increasing k. Apply solves L y = b forward, then L^T x = y
 * backward. The first pivot that is not positive fails with AMG_ERR_SINGULAR
 * naming its 0-based index and value.
 *
 * Device (coarse_solve.cu): cuSOLVER factorises, the explicit inverse is
 * kept, and apply is one deterministic dense GEMV. The solver remembers where
 * it lives (loc); apply and destroy dispatch on it. Vectors passed to apply
 * live where the matrix lived; x must not be b (the device GEMV reads all of
 * b while writing x, and the host follows the same contract). */
#include <math.h>
#include <stdlib.h>

#include "amg_ops.h"
#include "coarse_solve_internal.h"

amg_status amg_coarse_check_matrix(const fmt_tile *a, fmt_location loc, const char *who) {
  if (!a)
    return amg_error(AMG_ERR_ARG, "%s: matrix is NULL", who);
  if (a->loc != loc)
    return amg_error(AMG_ERR_ARG, "%s: need a %s matrix", who, loc == FMT_HOST ? "host" : "device");
  if (a->m != a->n)
    return amg_error(AMG_ERR_NOT_SQUARE, "%s: matrix is %d x %d, not square", who, a->m, a->n);
  if (a->n > AMG_COARSE_DENSE_MAX)
    return amg_error(AMG_ERR_ARG,
                     "%s: the coarsest level has %d rows, more than the dense solve takes (%d); "
                     "coarsen further (more levels or a smaller coarse size)",
                     who, a->n, AMG_COARSE_DENSE_MAX);
  return AMG_OK;
}

/* dense[i*n + j] = a_ij for the stored entries with j <= i (the rest stays 0).
 * Fails with AMG_ERR_NONFINITE naming the first non-finite stored entry in
 * (row, column) order, whichever triangle it is in. */
static amg_status lower_to_dense(const fmt_tile *a, double *dense) {
  int32_t n = a->n;
  int64_t first_bad = -1; /* row * n + col */
  double bad_value = 0.0;
  for (int32_t ti = 0; ti < a->tile_m; ti++)
    for (int64_t t = a->tile_ptr[ti]; t < a->tile_ptr[ti + 1]; t++)
      for (int64_t k = a->tile_nnz[t]; k < a->tile_nnz[t + 1]; k++) {
        int32_t i = ti * FMT_TILE + (a->idx[k] >> 4);
        int32_t j = a->tile_col[t] * FMT_TILE + (a->idx[k] & 0xF);
        double v = a->val[k];
        int64_t at = (int64_t)i * n + j;
        if (!isfinite(v) && (first_bad < 0 || at < first_bad)) {
          first_bad = at;
          bad_value = v;
        }
        if (j <= i)
          dense[at] = v;
      }
  if (first_bad >= 0)
    return amg_error(AMG_ERR_NONFINITE, "coarse solve: entry (%lld, %lld) (1-based %lld, %lld) is not finite (%g)",
                     (long long)(first_bad / n), (long long)(first_bad % n), (long long)(first_bad / n + 1),
                     (long long)(first_bad % n + 1), bad_value);
  return AMG_OK;
}

/* In place: the lower triangle of l (row-major) becomes L with A = L L^T. */
static amg_status cholesky(int32_t n, double *l) {
  for (int32_t j = 0; j < n; j++) {
    double *lj = l + (size_t)j * n;
    double d = lj[j];
    for (int32_t k = 0; k < j; k++)
      d -= lj[k] * lj[k];
    if (!(d > 0.0))
      return amg_error(AMG_ERR_SINGULAR,
                       "coarse solve: matrix is not positive definite (pivot of row %d (1-based %d) = %.1e)", j,
                       j + 1, d);
    if (isinf(d))
      return amg_error(AMG_ERR_NONFINITE, "coarse solve: factorisation overflowed (pivot of row %d (1-based %d) = %g)",
                       j, j + 1, d);
    lj[j] = sqrt(d);
    for (int32_t i = j + 1; i < n; i++) {
      double *li = l + (size_t)i * n;
      double s = li[j];
      for (int32_t k = 0; k < j; k++)
        s -= li[k] * lj[k];
      li[j] = s / lj[j];
    }
  }
  return AMG_OK;
}

amg_status amg_coarse_create_host(const fmt_tile *a, amg_coarse_solver **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "coarse_create_host: out is NULL");
  *out = NULL;
  amg_status s = amg_coarse_check_matrix(a, FMT_HOST, "coarse_create_host");
  if (s != AMG_OK)
    return s;
  int32_t n = a->n;
  amg_coarse_solver *cs = calloc(1, sizeof *cs);
  double *l = calloc((size_t)n * n + 1, sizeof *l);
  if (!cs || !l) {
    s = amg_error(AMG_ERR_NOMEM, "coarse_create_host: out of host memory (%d x %d dense)", n, n);
    goto done;
  }
  cs->loc = FMT_HOST;
  cs->n = n;
  cs->factor = l;
  s = lower_to_dense(a, l);
  if (s == AMG_OK)
    s = cholesky(n, l);
done:
  if (s == AMG_OK) {
    *out = cs;
  } else {
    free(l);
    free(cs);
  }
  return s;
}

/* x = L^-T L^-1 b: forward substitution into x, then backward in place. */
static void solve_host(int32_t n, const double *l, const double *b, double *x) {
  for (int32_t i = 0; i < n; i++) {
    const double *li = l + (size_t)i * n;
    double s = b[i];
    for (int32_t k = 0; k < i; k++)
      s -= li[k] * x[k];
    x[i] = s / li[i];
  }
  for (int32_t i = n - 1; i >= 0; i--) {
    double s = x[i];
    for (int32_t k = i + 1; k < n; k++)
      s -= l[(size_t)k * n + i] * x[k];
    x[i] = s / l[(size_t)i * n + i];
  }
}

amg_status amg_coarse_apply(const amg_coarse_solver *cs, const double *b, double *x) {
  if (!cs)
    return amg_error(AMG_ERR_ARG, "coarse_apply: solver is NULL");
  if (cs->loc == FMT_DEVICE)
    return amg_coarse_apply_device(cs, b, x);
  if (cs->n == 0)
    return AMG_OK;
  if (!b || !x)
    return amg_error(AMG_ERR_ARG, "coarse_apply: b or x is NULL");
  if (b == x)
    return amg_error(AMG_ERR_ARG, "coarse_apply: x must not be the same array as b");
  solve_host(cs->n, cs->factor, b, x);
  return AMG_OK;
}

void amg_coarse_destroy(amg_coarse_solver *cs) {
  if (!cs)
    return;
  if (cs->loc == FMT_DEVICE)
    amg_coarse_free_device(cs); /* releases cs->inverse only */
  free(cs->factor);
  free(cs);
}
