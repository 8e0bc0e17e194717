/* Embedding example: solve the 2D 5-point Laplacian on an n x n grid from
 * the user's own CSR arrays with amg.h, then check the answer
 * independently of the library. b = A * ones, so x must come out as ones,
 * within what the residual and A's condition number allow.
 * Usage: embed [n]   (default 200). Exit 0 only when the check passes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "amg.h"

/* The Dirichlet Laplacian 4u - (neighbours) in the caller's own arrays. */
static int64_t laplacian(int32_t n, int64_t *row_ptr, int32_t *col, double *val) {
  int64_t k = 0;
  for (int32_t y = 0; y < n; y++)
    for (int32_t x = 0; x < n; x++) {
      int32_t i = y * n + x;
      row_ptr[i] = k;
      if (y > 0) col[k] = i - n, val[k++] = -1.0;
      if (x > 0) col[k] = i - 1, val[k++] = -1.0;
      col[k] = i, val[k++] = 4.0;
      if (x < n - 1) col[k] = i + 1, val[k++] = -1.0;
      if (y < n - 1) col[k] = i + n, val[k++] = -1.0;
    }
  row_ptr[(int64_t)n * n] = k;
  return k;
}

static int fail(const char *what, amg_status s) {
  fprintf(stderr, "embed: %s: %s\n", what, amg_error_message());
  return s == AMG_OK ? 1 : (int)s;
}

int main(int argc, char **argv) {
  int32_t n = argc > 1 ? (int32_t)atoi(argv[1]) : 200;
  if (n < 2 || n > 2000) {
    fprintf(stderr, "embed: n must be in [2, 2000]\n");
    return 1;
  }
  int32_t m = n * n;
  int64_t *row_ptr = malloc(((size_t)m + 1) * sizeof *row_ptr);
  int32_t *col = malloc((size_t)m * 5 * sizeof *col);
  double *val = malloc((size_t)m * 5 * sizeof *val), *b = malloc((size_t)m * sizeof *b),
         *x = calloc((size_t)m, sizeof *x);
  if (!row_ptr || !col || !val || !b || !x) {
    fprintf(stderr, "embed: out of host memory\n");
    return 1;
  }
  fmt_csr a = {m, m, laplacian(n, row_ptr, col, val), FMT_HOST, row_ptr, col, val};
  for (int32_t i = 0; i < m; i++) { /* b = A * ones: the row sums */
    b[i] = 0;
    for (int64_t k = row_ptr[i]; k < row_ptr[i + 1]; k++)
      b[i] += val[k];
  }

  amg_options opt;
  amg_options_default(&opt);
  amg_hierarchy *h = NULL;
  amg_status s = amg_setup(&a, &opt, &h);
  if (s != AMG_OK)
    return fail("setup", s);
  amg_solve_report rep;
  s = amg_solve(h, b, x, &rep);
  int iterations = rep.iterations, levels = amg_hierarchy_report(h)->levels,
      on_gpu = amg_hierarchy_report(h)->on_gpu;
  amg_solve_report_free(&rep);
  amg_hierarchy_destroy(h);
  if (s != AMG_OK)
    return fail("solve", s);

  /* The check, without the library: ||b - A x|| / ||b|| and max |x - 1|. */
  double rr = 0, bb = 0, err = 0;
  for (int32_t i = 0; i < m; i++) {
    double r = b[i];
    for (int64_t k = row_ptr[i]; k < row_ptr[i + 1]; k++)
      r -= val[k] * x[col[k]];
    rr += r * r;
    bb += b[i] * b[i];
    err = fmax(err, fabs(x[i] - 1.0));
  }
  double rel = sqrt(rr / bb);
  /* ||x - 1|| <= cond(A) ||b - Ax||/||b|| ||1||, with cond(A) < 8 / lambda_min,
   * lambda_min = 8 sin^2(pi / (2 (n + 1))) for this matrix. */
  double s_min = sin(acos(-1.0) / (2.0 * (n + 1)));
  double err_bound = rel / (s_min * s_min) * sqrt((double)m);
  printf("embed: %d x %d grid, %d levels on the %s, %d PCG iterations, ||b - Ax||/||b|| = %.3e, "
         "max |x - 1| = %.3e\n", n, n, levels, on_gpu ? "GPU" : "CPU", iterations, rel, err);
  free(row_ptr), free(col), free(val), free(b), free(x);
  if (!(rel <= opt.tol) || !(err <= err_bound)) {
    fprintf(stderr, "embed: the answer fails the check (tol %.1e, error bound %.3e)\n", opt.tol, err_bound);
    return 1;
  }
  return 0;
}
