/* One power-iteration step for rho(D^-1 A) on the host (the CPU reference
 * of power_step.cu). Sums run in increasing i. */
#include <math.h>

#include "amg_ops.h"

amg_status amg_power_step_host(int32_t n, const double *d, const double *dinv, const double *x, double *y,
                               double *stats) {
  amg_status s = amg_vector_check("power_step", n, x, y);
  if (s == AMG_OK && (!stats || (n > 0 && (!d || !dinv))))
    s = amg_error(AMG_ERR_ARG, "power_step: NULL diagonal or statistics");
  if (s != AMG_OK)
    return s;
  double xax = 0.0, xdx = 0.0, yy = 0.0;
  for (int32_t i = 0; i < n; i++) {
    xax += x[i] * y[i];
    xdx += x[i] * (d[i] * x[i]);
    y[i] = dinv[i] * y[i];
    yy += y[i] * y[i];
  }
  const double scale = 1.0 / sqrt(yy);
  for (int32_t i = 0; i < n; i++)
    y[i] = scale * y[i];
  stats[AMG_POWER_XAX] = xax;
  stats[AMG_POWER_XDX] = xdx;
  stats[AMG_POWER_YY] = yy;
  return AMG_OK;
}
