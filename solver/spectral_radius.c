/* rho(D^-1 A) by power iteration (see hierarchy.h), on either backend. */
#include <math.h>

#include "hierarchy.h"

amg_status amg_spectral_radius(const fmt_tile *a, const double *d, const double *dinv, int steps,
                               double *rho) {
  fmt_location loc = a->loc;
  int32_t n = a->m;
  double *x = NULL, *y = NULL, *dx = NULL;
  *rho = 0;
  amg_status s = fmt_alloc((void **)&x, n, sizeof *x, loc);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&y, n, sizeof *y, loc);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&dx, n, sizeof *dx, loc);
  if (s == AMG_OK)
    s = amg_fill_start_vector(loc, n, x);
  for (int step = 0; step < steps && s == AMG_OK; step++) {
    double xax = 0, xdx = 0, yy = 0;
    s = amg_spmv(a, x, y); /* y = A x */
    if (s == AMG_OK)
      s = amg_dot(loc, n, x, y, &xax);
    if (s == AMG_OK)
      s = amg_copy(loc, n, x, dx);
    if (s == AMG_OK)
      s = amg_vmul(loc, n, d, dx);
    if (s == AMG_OK)
      s = amg_dot(loc, n, x, dx, &xdx);
    if (s == AMG_OK)
      s = amg_vmul(loc, n, dinv, y); /* y = D^-1 A x */
    if (s == AMG_OK)
      s = amg_dot(loc, n, y, y, &yy);
    if (s != AMG_OK)
      break;
    if (!(xdx > 0) || !isfinite(xax) || !(yy > 0)) {
      s = amg_error(AMG_ERR_NONFINITE, "spectral radius: power iteration broke down (x'Ax = %g, x'Dx = %g)",
                    xax, xdx);
      break;
    }
    *rho = xax / xdx;
    s = amg_scale(loc, n, 1.0 / sqrt(yy), y);
    double *t = x;
    x = y;
    y = t;
  }
  fmt_free(x, loc);
  fmt_free(y, loc);
  fmt_free(dx, loc);
  return s;
}
