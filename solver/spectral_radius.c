/* rho(D^-1 A) by power iteration (see hierarchy.h), on either backend.
 * Each step is an SpMV and one fused power step; the statistics stay where
 * the vectors live, so the device runs all steps without waiting and the
 * host reads the last step's sums once. */
#include <math.h>

#include "hierarchy.h"

amg_status amg_spectral_radius(const fmt_tile *a, const double *d, const double *dinv, int steps,
                               double *rho) {
  fmt_location loc = a->loc;
  int32_t n = a->m;
  double *x = NULL, *y = NULL, *stats = NULL, *work = NULL, last[AMG_POWER_STATS] = {0};
  *rho = 0;
  amg_status s = fmt_alloc((void **)&x, n, sizeof *x, loc);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&y, n, sizeof *y, loc);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&stats, AMG_POWER_STATS, sizeof *stats, loc);
  if (s == AMG_OK && loc == FMT_DEVICE)
    s = fmt_alloc((void **)&work, (size_t)AMG_POWER_STATS * AMG_POWER_PARTIALS, sizeof *work, loc);
  if (s == AMG_OK) /* stats[0] = sum of 1/d_i, for the start vector's scale */
    s = amg_fill(loc, n, 1.0, x);
  if (s == AMG_OK)
    s = amg_pcg_dot(loc, n, dinv, x, stats, 0, work);
  if (s == AMG_OK)
    s = amg_fill_start_vector(loc, n, d, stats, x);
  for (int step = 0; step < steps && s == AMG_OK; step++) {
    s = amg_spmv(a, x, y); /* y = A x */
    if (s == AMG_OK)
      s = amg_power_step(loc, n, d, dinv, x, y, stats, work); /* y = D^-1 A x / |D^-1 A x| */
    double *t = x;
    x = y;
    y = t;
  }
  if (s == AMG_OK && steps > 0)
    s = fmt_copy(last, FMT_HOST, stats, loc, sizeof last);
  if (s == AMG_OK && steps > 0) {
    /* a breakdown at any step leaves a zero or non-finite sum in the last one */
    if (!(last[AMG_POWER_XDX] > 0) || !isfinite(last[AMG_POWER_XAX]) || !(last[AMG_POWER_YY] > 0) ||
        !isfinite(last[AMG_POWER_YY])) {
      /* the input is finite (checked), so a non-finite sum is an overflow */
      int overflow =
          !isfinite(last[AMG_POWER_XAX]) || !isfinite(last[AMG_POWER_XDX]) || !isfinite(last[AMG_POWER_YY]);
      s = amg_error(AMG_ERR_NONFINITE,
                    "spectral radius: power iteration broke down (x'Ax = %g, x'Dx = %g, |D^-1 A x|^2 = %g)%s",
                    last[AMG_POWER_XAX], last[AMG_POWER_XDX], last[AMG_POWER_YY],
                    overflow ? "; its sums overflowed: the matrix's entries are too near the limit of a double, "
                               "rescale the matrix" : "");
    } else
      *rho = last[AMG_POWER_XAX] / last[AMG_POWER_XDX];
  }
  fmt_free(x, loc);
  fmt_free(y, loc);
  fmt_free(stats, loc);
  fmt_free(work, loc);
  return s;
}
