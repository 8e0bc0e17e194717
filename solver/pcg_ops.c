/* PCG vector steps on the host (the CPU reference of pcg_ops.cu), and the
 * dispatch by location. Sums run in index order. */
#include "amg_ops.h"

amg_status amg_pcg_dot(fmt_location loc, int32_t n, const double *x, const double *y, double *s, int slot,
                       double *work) {
  if (loc == FMT_DEVICE)
    return amg_pcg_dot_device(n, x, y, s, slot, work);
  double sum = 0;
  for (int32_t i = 0; i < n; i++)
    sum += x[i] * y[i];
  if (slot == AMG_PCG_RZ)
    s[AMG_PCG_RZ_OLD] = s[AMG_PCG_RZ];
  s[slot] = sum;
  return AMG_OK;
}

amg_status amg_pcg_update_xr(fmt_location loc, int32_t n, double *s, const double *p, const double *q,
                             double *x, double *r, double *work) {
  if (loc == FMT_DEVICE)
    return amg_pcg_update_xr_device(n, s, p, q, x, r, work);
  double alpha = s[AMG_PCG_RZ] / s[AMG_PCG_PQ], rr = 0;
  for (int32_t i = 0; i < n; i++) {
    x[i] += alpha * p[i];
    r[i] -= alpha * q[i];
    rr += r[i] * r[i];
  }
  s[AMG_PCG_RR] = rr;
  return AMG_OK;
}

amg_status amg_pcg_update_p(fmt_location loc, int32_t n, const double *s, const double *z, double *p) {
  if (loc == FMT_DEVICE)
    return amg_pcg_update_p_device(n, s, z, p);
  double beta = s[AMG_PCG_RZ] / s[AMG_PCG_RZ_OLD];
  for (int32_t i = 0; i < n; i++)
    p[i] = z[i] + beta * p[i];
  return AMG_OK;
}
