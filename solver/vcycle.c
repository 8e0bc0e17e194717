/* One V-cycle, z = M r, from a zero initial guess, on either backend:
 *   pre-smoothing: nu1 weighted-Jacobi sweeps (the first from x = 0 needs
 *   no product: x = omega D^-1 b); residual; restriction R r; the coarser
 *   cycle (the dense solve at the bottom); prolongation x += P e;
 *   post-smoothing: nu2 sweeps. omega = 4/(3 rho) per level unless set.
 * Sweeps ping-pong between x and the level's scratch vector. Nothing here
 * allocates or waits for the device, so a solver can capture it in a graph.
 * With nu1 = nu2 the cycle is a symmetric operator (needed by PCG). */
#include "hierarchy.h"

/* `sweeps` Jacobi sweeps on x (x not zero); the result ends in x. */
static amg_status smooth(amg_level *lv, double omega, const double *b, double *x, int sweeps) {
  amg_status s = AMG_OK;
  double *from = x, *to = lv->scratch;
  for (int k = 0; k < sweeps && s == AMG_OK; k++) {
    s = amg_jacobi(lv->a, lv->dinv, omega, b, from, to);
    double *swap = from;
    from = to;
    to = swap;
  }
  if (s == AMG_OK && from != x)
    s = amg_copy(lv->a->loc, lv->a->m, from, x);
  return s;
}

static amg_status cycle(amg_hierarchy *h, int l, const double *b, double *x) {
  amg_level *lv = &h->level[l];
  if (l == h->levels - 1)
    return amg_coarse_apply(h->coarse, b, x);
  fmt_location loc = h->loc;
  int32_t n = lv->a->m;
  double omega = h->opt.jacobi_omega > 0 ? h->opt.jacobi_omega : 4.0 / (3.0 * lv->rho);
  amg_level *next = &h->level[l + 1];
  amg_status s = h->opt.pre_sweeps > 0 ? amg_jacobi_first(loc, n, lv->dinv, omega, b, x)
                                       : amg_fill(loc, n, 0.0, x);
  if (s == AMG_OK)
    s = smooth(lv, omega, b, x, h->opt.pre_sweeps - 1);
  if (s == AMG_OK)
    s = amg_residual(lv->a, b, x, lv->resid);
  if (s == AMG_OK)
    s = amg_spmv(lv->r, lv->resid, next->rhs);
  if (s == AMG_OK)
    s = cycle(h, l + 1, next->rhs, next->x);
  if (s == AMG_OK)
    s = amg_spmv(lv->p, next->x, lv->scratch);
  if (s == AMG_OK)
    s = amg_axpy(loc, n, 1.0, lv->scratch, x);
  if (s == AMG_OK)
    s = smooth(lv, omega, b, x, h->opt.post_sweeps);
  return s;
}

amg_status amg_vcycle(amg_hierarchy *h, const double *r, double *z) { return cycle(h, 0, r, z); }
