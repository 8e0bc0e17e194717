/* One V-cycle, z = M r, from a zero initial guess, on either backend:
 *   pre-smoothing: nu1 weighted-Jacobi sweeps (the first from x = 0 needs
 *   no product: x = omega D^-1 b); residual; restriction R r; the coarser
 *   cycle (the dense solve at the bottom); prolongation x += P e;
 *   post-smoothing: nu2 sweeps. omega = 4/(3 rho) per level unless set.
 * Sweeps ping-pong between x and the level's scratch vector, starting in
 * whichever of the two makes the last sweep land in x, so no copy is needed.
 * Nothing here allocates or waits for the device, so a solver can capture
 * it in a graph. With nu1 = nu2 the cycle is a symmetric operator (needed
 * by PCG). */
#include "hierarchy.h"

/* Where `sweeps` sweeps must start so that they end in x. */
static double *smoothing_start(amg_level *lv, double *x, int sweeps) {
  return sweeps % 2 ? lv->scratch : x;
}

/* `sweeps` Jacobi sweeps from the vector in smoothing_start(lv, x, sweeps);
 * the result ends in x. */
static amg_status smooth(amg_level *lv, double omega, const double *b, double *x, int sweeps) {
  amg_status s = AMG_OK;
  double *from = smoothing_start(lv, x, sweeps), *to = from == x ? lv->scratch : x;
  for (int k = 0; k < sweeps && s == AMG_OK; k++) {
    s = amg_jacobi(lv->a, lv->dinv, omega, b, from, to);
    double *swap = from;
    from = to;
    to = swap;
  }
  return s;
}

static amg_status cycle(amg_hierarchy *h, int l, const double *b, double *x) {
  amg_level *lv = &h->level[l];
  fmt_location loc = h->loc;
  int32_t n = lv->a->m;
  if (l == h->levels - 1) /* a diagonal coarsest level is solved by x = D^-1 b */
    return h->report.coarse_diagonal ? amg_jacobi_first(loc, n, lv->dinv, 1.0, b, x)
                                     : amg_coarse_apply(h->coarse, b, x);
  double omega = h->opt.jacobi_omega > 0 ? h->opt.jacobi_omega : 4.0 / (3.0 * lv->rho);
  amg_level *next = &h->level[l + 1];
  int pre = h->opt.pre_sweeps, post = h->opt.post_sweeps;
  amg_status s = pre > 0 ? amg_jacobi_first(loc, n, lv->dinv, omega, b, smoothing_start(lv, x, pre - 1))
                         : amg_fill(loc, n, 0.0, x);
  if (s == AMG_OK && pre > 1)
    s = smooth(lv, omega, b, x, pre - 1);
  if (s == AMG_OK)
    s = amg_residual(lv->a, b, x, lv->resid);
  if (s == AMG_OK)
    s = amg_spmv(lv->r, lv->resid, next->rhs);
  if (s == AMG_OK)
    s = cycle(h, l + 1, next->rhs, next->x);
  if (s == AMG_OK)
    s = amg_spmv(lv->p, next->x, lv->scratch);
  /* x + P e, into the vector post-smoothing starts from (1.0 * v is exact
   * and the sum commutes, so both forms give the same bits) */
  if (s == AMG_OK)
    s = smoothing_start(lv, x, post) == x ? amg_axpy(loc, n, 1.0, lv->scratch, x)
                                          : amg_axpy(loc, n, 1.0, x, lv->scratch);
  if (s == AMG_OK)
    s = smooth(lv, omega, b, x, post);
  return s;
}

amg_status amg_vcycle(amg_hierarchy *h, const double *r, double *z) {
  if (!h || !r || !z)
    return amg_error(AMG_ERR_ARG, "amg_vcycle: NULL argument");
  if (r == z) /* the first sweep writes z before the residual reads r */
    return amg_error(AMG_ERR_ARG, "amg_vcycle: r and z must be different arrays");
  return cycle(h, 0, r, z);
}
