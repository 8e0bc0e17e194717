/* amg_solve: PCG with one V-cycle as preconditioner, or V-cycles as a
 * stationary method, from x = 0 (amg_solve) or from the caller's x
 * (amg_solve_from: r = b - A x first, and no iteration if that meets tol).
 *
 * PCG keeps its scalars (p'q, r'z, r'r) where the vectors live: the update
 * kernels read alpha and beta from there, so an iteration never waits for
 * the host. After the first iteration's setup, the body
 *   q = A p; p'q; x += alpha p, r -= alpha q, r'r; z = M r; r'z; p = z + beta p;
 *   scalars -> host
 * is captured once as a CUDA graph and replayed; the host waits once per
 * iteration, to read the scalars and test convergence. If capture is not
 * possible the same calls run unrecorded. The loop allocates nothing.
 * Checks per iteration: non-finite scalars; p'Ap <= 0 (A not SPD); r'Mr <= 0
 * (preconditioner not SPD); ||r|| / ||b|| past DIVERGENCE (V-cycles) or
 * PCG_DIVERGENCE. PCG's bound is looser: its error falls in the A-norm, so
 * ||r_k|| <= sqrt(cond A) ||b||, which a badly scaled SPD A nears (1.7e6 on a
 * 1e8 diagonal scaling of a Laplacian) and only cond A > 1e20 can pass 1e10.
 * At the end the true residual b - A x is recomputed, and it decides
 * convergence: PCG restarts from x when its own residual met tol and the
 * true one did not. A b whose norm cannot be squared in double is scaled by
 * a power of two; at each start (PCG's and the V-cycles') b, x and r are
 * scaled again where r'r and r'Mr (about ||r||^2 / |A|) would not both stay
 * well inside double's range, as with A's entries near 1e300 or 1e-300.
 * Scaling by 2^k is exact while entries stay in double's normal range:
 * where the unscaled solve also stays in range, x comes out bit for bit the
 * same. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hierarchy.h"

#define DIVERGENCE 1e6
#define PCG_DIVERGENCE 1e10
/* For an SPD A, a V-cycle that is not SPD or does not converge has a smoother that does not */
#define SMOOTHER_HINT                                                                              \
  "for an SPD A, the Jacobi smoother needs omega < 2/rho(D^-1 A) on every level; cycle.jacobi_omega = 0 "   \
  "takes 4/(3 rho), rho estimated in amg.rho_steps power steps, and too few steps underestimate it"

/* The divergence bounds are relative to the start's residual, where a guess
 * made it larger than ||b||. */
static double start_of(const amg_solve_report *rep) { return rep->history[0] > 1 ? rep->history[0] : 1; }

/* Brings s to the host mirror (device) and waits. */
static amg_status fetch(amg_hierarchy *h) {
  if (h->loc != FMT_DEVICE)
    return AMG_OK;
  amg_status s = fmt_copy_to_host_async(h->ws.s_host, h->ws.s, AMG_PCG_SCALARS * sizeof(double));
  return s == AMG_OK ? fmt_device_sync() : s;
}

static amg_status pcg_body(amg_hierarchy *h) {
  amg_workspace *w = &h->ws;
  fmt_location loc = h->loc;
  const fmt_tile *a = h->level[0].a;
  int32_t n = a->m;
  amg_status s = amg_spmv(a, w->p, w->q);
  if (s == AMG_OK)
    s = amg_pcg_dot(loc, n, w->p, w->q, w->s, AMG_PCG_PQ, w->partials);
  if (s == AMG_OK)
    s = amg_pcg_update_xr(loc, n, w->s, w->p, w->q, w->x, w->r, w->partials);
  if (s == AMG_OK)
    s = amg_vcycle(h, w->r, w->z);
  if (s == AMG_OK)
    s = amg_pcg_dot(loc, n, w->r, w->z, w->s, AMG_PCG_RZ, w->partials);
  if (s == AMG_OK)
    s = amg_pcg_update_p(loc, n, w->s, w->z, w->p);
  if (s == AMG_OK && loc == FMT_DEVICE)
    s = fmt_copy_to_host_async(w->s_host, w->s, AMG_PCG_SCALARS * sizeof(double));
  return s;
}

amg_status amg_solve_prepare(amg_hierarchy *h) {
  amg_workspace *w = &h->ws;
  if (h->loc != FMT_DEVICE || w->iteration || w->graph_failed)
    return AMG_OK;
  amg_status s = fmt_graph_begin();
  if (s == AMG_OK) {
    amg_status body = pcg_body(h); /* recorded, not run */
    s = fmt_graph_end(&w->iteration);
    if (body != AMG_OK && s == AMG_OK)
      s = body;
  }
  if (s != AMG_OK) {
    fmt_graph_destroy(w->iteration);
    w->iteration = NULL;
    w->graph_failed = 1;
    if (h->opt.verbose)
      fprintf(stderr, "amg setup: no CUDA graph for the PCG iteration (%s); launching kernels one by one\n",
              amg_error_message());
  }
  return AMG_OK; /* the solve works either way */
}

/* Runs one PCG iteration body and waits for its scalars. */
static amg_status pcg_iteration(amg_hierarchy *h, int *used_graph) {
  amg_workspace *w = &h->ws;
  if (h->loc != FMT_DEVICE)
    return pcg_body(h);
  amg_status s = w->iteration ? fmt_graph_launch(w->iteration) : pcg_body(h);
  *used_graph = w->iteration != NULL;
  return s == AMG_OK ? fmt_device_sync() : s;
}

/* ||b - A x|| / ||b|| from the workspace's x. */
static amg_status true_residual(amg_hierarchy *h, double bnorm, double *rel) {
  amg_workspace *w = &h->ws;
  int32_t n = h->level[0].a->m;
  amg_status s = amg_residual(h->level[0].a, w->b, w->x, w->r);
  if (s == AMG_OK)
    s = amg_pcg_dot(h->loc, n, w->r, w->r, w->s, AMG_PCG_RR, w->partials);
  if (s == AMG_OK)
    s = fetch(h);
  *rel = s == AMG_OK ? sqrt(w->s_host[AMG_PCG_RR]) / bnorm : NAN; /* not the stale s_host */
  return s;
}

static void print_iteration(const amg_hierarchy *h, int it, const double *history) {
  if (h->opt.verbose)
    fprintf(stderr, "amg solve: iteration %3d  ||r||/||b|| = %.3e  factor %.3f\n", it, history[it],
            history[it - 1] > 0 ? history[it] / history[it - 1] : 0.0);
}

/* At a start r'r and r'Mr must lie within 2^+-BALANCE_RANGE; else b, x
 * and r are scaled by 2^k so that the two straddle 1 (then each is within
 * about 2^+-512 for any A in double's range), up to BALANCE_TRIES times, by
 * BALANCE_STEP where r'Mr overflowed or underflowed. Either way both keep
 * about 2^500 of room above and below: ||r|| can fall by 1e-75 before r'Mr
 * leaves double's normal range. */
#define BALANCE_RANGE 300
#define BALANCE_STEP 256
#define BALANCE_TRIES 3
/* b's norm stays within 2^+-BALANCE_BNORM (no entry of b overflows; only
 * entries below 2^-422 ||b|| could lose bits), and r'r within
 * 2^+-BALANCE_RR */
#define BALANCE_BNORM 600
#define BALANCE_RR 1000

/* The k for b, x, r *= 2^k at a start (0: in range, or a fault that the
 * start's checks report: a NaN that persists once b is scaled down). */
static int balance_exponent(double rr, double rz, double bnorm) {
  if (!(rr >= DBL_MIN && rr <= DBL_MAX) || rz < 0)
    return 0;
  int k;
  if (!(rz <= DBL_MAX)) /* Inf, or NaN: an overflow inside the V-cycle gives Inf - Inf */
    k = -BALANCE_STEP;
  else if (rz < DBL_MIN)
    k = BALANCE_STEP;
  else {
    int lr = ilogb(rr), lz = ilogb(rz); /* each gains 2k */
    int in_range = lr >= -BALANCE_RANGE && lz >= -BALANCE_RANGE && lr <= BALANCE_RANGE && lz <= BALANCE_RANGE;
    k = in_range ? 0 : -(lr + lz) / 4;
  }
  double scaled = ldexp(bnorm, k);
  int rr_exp = ilogb(rr) + 2 * k;
  int bounded = scaled >= ldexp(1.0, -BALANCE_BNORM) && scaled <= ldexp(1.0, BALANCE_BNORM) &&
                rr_exp >= -BALANCE_RR && rr_exp <= BALANCE_RR;
  return bounded ? k : 0;
}

/* v *= 2^k where the hierarchy lives (exact for entries that stay normal);
 * tmp is overwritten. */
static amg_status scale_exact(amg_hierarchy *h, int k, double *v, double *tmp) {
  int32_t n = h->level[0].a->m;
  amg_status s = amg_fill(h->loc, n, 0.0, tmp);
  if (s == AMG_OK)
    s = amg_axpy(h->loc, n, ldexp(1.0, k), v, tmp);
  return s == AMG_OK ? amg_copy(h->loc, n, tmp, v) : s;
}

/* A start from the workspace's x (x = 0 and r = b where from_zero, else r
 * must hold b - A x): z = M r, with r'r and r'Mr in s_host, after b, x and
 * r were scaled by 2^k where balance_exponent asks; *bnorm and *shift
 * follow. */
static amg_status balanced_start(amg_hierarchy *h, double *bnorm, int *shift, int from_zero) {
  const char *who = h->opt.solver == AMG_SOLVER_PCG ? "PCG" : "V-cycles'";
  amg_workspace *w = &h->ws;
  fmt_location loc = h->loc;
  int32_t n = h->level[0].a->m;
  const double *sh = w->s_host;
  amg_status s = AMG_OK;
  if (from_zero) {
    s = amg_fill(loc, n, 0.0, w->x);
    if (s == AMG_OK)
      s = amg_copy(loc, n, w->b, w->r);
  }
  for (int tries = 0; s == AMG_OK; tries++) {
    s = amg_vcycle(h, w->r, w->z);
    if (s == AMG_OK)
      s = amg_pcg_dot(loc, n, w->r, w->z, w->s, AMG_PCG_RZ, w->partials);
    if (s == AMG_OK)
      s = amg_pcg_dot(loc, n, w->r, w->r, w->s, AMG_PCG_RR, w->partials);
    if (s == AMG_OK)
      s = fetch(h);
    int k = s == AMG_OK && tries < BALANCE_TRIES ? balance_exponent(sh[AMG_PCG_RR], sh[AMG_PCG_RZ], *bnorm) : 0;
    if (k == 0)
      break;
    if (h->opt.verbose)
      fprintf(stderr, "amg solve: r'r = %.3e, r'Mr = %.3e at the %s start; b, x and r scaled by 2^%d\n",
              sh[AMG_PCG_RR], sh[AMG_PCG_RZ], who, k);
    s = scale_exact(h, k, w->b, w->z);
    if (s == AMG_OK)
      s = scale_exact(h, k, w->x, w->z);
    if (s == AMG_OK)
      s = scale_exact(h, k, w->r, w->z);
    *bnorm = ldexp(*bnorm, k);
    *shift += k;
  }
  return s;
}

/* PCG from the workspace's x: x = 0 and r = b at the first start; at a
 * restart x is kept and r must already hold b - A x. Iterations continue
 * the report's count. Each start may scale b, x and r (balanced_start). */
static amg_status pcg(amg_hierarchy *h, double *bnorm, int *shift, amg_solve_report *rep, int from_zero) {
  amg_workspace *w = &h->ws;
  fmt_location loc = h->loc;
  int32_t n = h->level[0].a->m;
  const double *sh = w->s_host;
  amg_status s = balanced_start(h, bnorm, shift, from_zero);
  if (s == AMG_OK)
    s = amg_copy(loc, n, w->z, w->p);
  if (s != AMG_OK)
    return s;
  if (!isfinite(sh[AMG_PCG_RZ]))
    return amg_error(AMG_ERR_NONFINITE, "PCG: the preconditioned residual is not finite (r'Mr = %g)",
                     sh[AMG_PCG_RZ]);
  if (!(sh[AMG_PCG_RZ] > 0))
    return amg_error(AMG_ERR_BREAKDOWN,
                     "PCG: r'Mr = %g <= 0 at the start: the preconditioner is not positive definite ("
                     SMOOTHER_HINT ")",
                     sh[AMG_PCG_RZ]);
  for (int it = rep->iterations + 1; it <= h->opt.max_iter; it++) {
    s = pcg_iteration(h, &rep->used_graph);
    if (s != AMG_OK)
      return s;
    double pq = sh[AMG_PCG_PQ], rr = sh[AMG_PCG_RR], rz = sh[AMG_PCG_RZ];
    rep->iterations = it;
    rep->history[it] = sqrt(rr) / *bnorm;
    rep->history_len = it + 1;
    print_iteration(h, it, rep->history);
    if (isfinite(pq) && !(pq > 0)) /* first: p'Ap = 0 makes alpha, x and r non-finite */
      return amg_error(AMG_ERR_BREAKDOWN,
                       "PCG breakdown at iteration %d: p'Ap = %g <= 0, so A is not positive definite", it,
                       pq);
    if (!isfinite(pq) || !isfinite(rr))
      return amg_error(AMG_ERR_NONFINITE,
                       "PCG: NaN or Inf at iteration %d (p'Ap = %g, r'r = %g): A may be singular or not "
                       "positive definite",
                       it, pq, rr);
    /* r'Mr below double's normal range (tol below what double reaches): the
       next p'Ap, of its size, could underflow to 0 and read as a breakdown,
       so the true residual decides now */
    if (rep->history[it] <= h->opt.tol || (rz >= 0 && rz < DBL_MIN)) {
      rep->converged = 1;
      return AMG_OK;
    }
    if (rep->history[it] > PCG_DIVERGENCE * start_of(rep))
      return amg_error(AMG_ERR_DIVERGED,
                       "PCG diverged: ||r||/||b|| = %.3e at iteration %d (%.3e at the start), which an SPD A "
                       "allows only for cond(A) > 1e20: A is singular or not positive definite in double "
                       "precision",
                       rep->history[it], it, rep->history[0]);
    if (!isfinite(rz))
      return amg_error(AMG_ERR_NONFINITE,
                       "PCG: the preconditioned residual is not finite at iteration %d (r'Mr = %g): the V-cycle "
                       "produced NaN or Inf",
                       it, rz);
    if (!(rz > 0))
      return amg_error(AMG_ERR_BREAKDOWN,
                       "PCG breakdown at iteration %d: r'Mr = %g <= 0, so the preconditioner is not "
                       "positive definite (" SMOOTHER_HINT ")",
                       it, rz);
  }
  double true_rel = NAN;
  s = true_residual(h, *bnorm, &true_rel); /* the history holds PCG's own residual */
  if (s != AMG_OK)
    return s;
  return amg_error(AMG_ERR_NOT_CONVERGED,
                   "PCG did not reach tol = %g in %d iterations (||b - A x||/||b|| = %.3e; PCG's own residual "
                   "%.3e)",
                   h->opt.tol, h->opt.max_iter, true_rel, rep->history[rep->history_len - 1]);
}

/* V-cycles from the workspace's x: x = 0 and r = b where from_zero, else r
 * must hold b - A x. The start may scale b, x and r (balanced_start), and
 * leaves the first V-cycle's z. */
static amg_status stationary(amg_hierarchy *h, double *bnorm, int *shift, amg_solve_report *rep, int from_zero) {
  amg_workspace *w = &h->ws;
  fmt_location loc = h->loc;
  const fmt_tile *a = h->level[0].a;
  int32_t n = a->m;
  amg_status s = balanced_start(h, bnorm, shift, from_zero);
  for (int it = 1; s == AMG_OK && it <= h->opt.max_iter; it++) {
    if (it > 1)
      s = amg_vcycle(h, w->r, w->z);
    if (s == AMG_OK)
      s = amg_axpy(loc, n, 1.0, w->z, w->x);
    if (s == AMG_OK)
      s = amg_residual(a, w->b, w->x, w->r);
    if (s == AMG_OK)
      s = amg_pcg_dot(loc, n, w->r, w->r, w->s, AMG_PCG_RR, w->partials);
    if (s == AMG_OK)
      s = fetch(h);
    if (s != AMG_OK)
      return s;
    rep->iterations = it;
    rep->history[it] = sqrt(w->s_host[AMG_PCG_RR]) / *bnorm;
    rep->history_len = it + 1;
    print_iteration(h, it, rep->history);
    if (!isfinite(rep->history[it]))
      return amg_error(AMG_ERR_NONFINITE, "V-cycle iteration %d: the residual is NaN or Inf", it);
    if (rep->history[it] <= h->opt.tol) {
      rep->converged = 1;
      return AMG_OK;
    }
    if (rep->history[it] > DIVERGENCE * start_of(rep))
      return amg_error(AMG_ERR_DIVERGED,
                       "V-cycles diverged: ||r||/||b|| = %.3e at iteration %d (%.3e at the start; " SMOOTHER_HINT
                       ")",
                       rep->history[it], it, rep->history[0]);
  }
  if (s != AMG_OK)
    return s;
  double last = rep->history[rep->history_len - 1];
  return amg_error(AMG_ERR_NOT_CONVERGED, "V-cycles did not reach tol = %g in %d iterations (||r||/||b|| = %.3e%s)",
                   h->opt.tol, h->opt.max_iter, last,
                   last > start_of(rep) ? ", above the start's: the V-cycle does not converge; A may not be positive "
                                          "definite, or " SMOOTHER_HINT
                                        : "");
}

/* The host vector v times 2^shift (exact) into dst, where the hierarchy
 * lives; v as it is where shift is 0. */
static amg_status upload_scaled(amg_hierarchy *h, const double *v, int shift, double *dst) {
  int32_t n = h->level[0].a->m;
  double *scaled = NULL;
  amg_status s = AMG_OK;
  if (shift && (s = fmt_alloc((void **)&scaled, n, sizeof *scaled, FMT_HOST)) != AMG_OK)
    return s;
  for (int32_t i = 0; shift && i < n; i++)
    scaled[i] = ldexp(v[i], shift);
  s = fmt_copy(dst, h->loc, shift ? scaled : v, FMT_HOST, (size_t)n * sizeof *v);
  fmt_free(scaled, FMT_HOST);
  return s;
}

/* b's norm when ||b||^2 cannot be formed in double (||b|| outside
 * [2^-200, 2^200]): the host b is checked for NaN and Inf, then scaled by a
 * power of two (exact) into w->b, so that its largest entry is in [0.5, 1).
 * *shift is the exponent (0 where b = 0: *bnorm = 0). */
static amg_status scale_rhs(amg_hierarchy *h, const double *b, double *bnorm, int *shift) {
  amg_workspace *w = &h->ws;
  int32_t n = h->level[0].a->m;
  double amax = 0;
  for (int32_t i = 0; i < n; i++) {
    if (!isfinite(b[i]))
      return amg_error(AMG_ERR_NONFINITE, "the right-hand side is not finite: b[%d] (1-based %d) = %g", i,
                       i + 1, b[i]);
    amax = fabs(b[i]) > amax ? fabs(b[i]) : amax;
  }
  *shift = 0;
  *bnorm = 0;
  if (amax == 0)
    return AMG_OK;
  int e;
  frexp(amax, &e);
  *shift = -e;
  amg_status s = upload_scaled(h, b, *shift, w->b);
  if (s == AMG_OK)
    s = amg_pcg_dot(h->loc, n, w->b, w->b, w->s, AMG_PCG_RR, w->partials);
  if (s == AMG_OK)
    s = fetch(h);
  *bnorm = sqrt(w->s_host[AMG_PCG_RR]);
  return s;
}

/* x = x' 2^-shift for the solution x' of the scaled system, whatever the
 * outcome: an entry that overflows is AMG_ERR_NONFINITE. *rounded: some
 * entry lost bits in double's subnormal range (or became 0). */
static amg_status unscale_x(double *x, int32_t n, int shift, int *rounded) {
  int32_t bad = -1;
  *rounded = 0;
  for (int32_t i = 0; i < n; i++) {
    double before = x[i];
    x[i] = ldexp(before, -shift);
    if (bad < 0 && !isfinite(x[i]))
      bad = i;
    *rounded |= isfinite(x[i]) && ldexp(x[i], shift) != before;
  }
  if (bad < 0)
    return AMG_OK;
  return amg_error(AMG_ERR_NONFINITE,
                   "x[%d] (1-based %d) overflows double once b's scaling by 2^%d is undone: the solution cannot "
                   "be represented",
                   bad, bad + 1, shift);
}

/* After unscale_x rounded x: the true residual of the x returned (scaled
 * like b again, which is exact) replaces the report's, and decides. */
static amg_status check_rounded_x(amg_hierarchy *h, const double *x, int shift, double bnorm,
                                  amg_solve_report *rep) {
  amg_status s = upload_scaled(h, x, shift, h->ws.x);
  if (s == AMG_OK)
    s = true_residual(h, bnorm, &rep->relative_residual);
  if (s != AMG_OK || rep->relative_residual <= h->opt.tol)
    return s;
  rep->converged = 0;
  return amg_error(AMG_ERR_NOT_CONVERGED,
                   "x's entries below 2^-1022 lose bits once b's scaling by 2^%d is undone: the x returned has "
                   "||b - A x||/||b|| = %.3e > tol = %g",
                   shift, rep->relative_residual, h->opt.tol);
}

/* PCG's stopping test reads its recursive residual, which can drift from
 * b - A x (nearly singular A, tol near the rounding level). After it stops
 * converged, the true residual decides; above tol, PCG restarts from the
 * current x at most this many times before reporting that tol was not met. */
#define PCG_RESTARTS 2

static amg_status pcg_with_restarts(amg_hierarchy *h, double *bnorm, int *shift, amg_solve_report *rep,
                                    int from_zero) {
  amg_status s = pcg(h, bnorm, shift, rep, from_zero);
  for (int restarts = 0; s == AMG_OK; restarts++) {
    amg_status tr = true_residual(h, *bnorm, &rep->relative_residual); /* leaves b - A x in r */
    if (tr != AMG_OK || rep->relative_residual <= h->opt.tol)
      return tr;
    rep->converged = 0;
    if (restarts == PCG_RESTARTS || rep->iterations >= h->opt.max_iter)
      return amg_error(AMG_ERR_NOT_CONVERGED,
                       "PCG's own residual met tol = %g (or reached the bottom of double's range) by iteration "
                       "%d, but the true residual "
                       "||b - A x||/||b|| is %.3e after %d restart(s) from the current x: A may be nearly "
                       "singular, or tol below the accuracy double precision reaches for it",
                       h->opt.tol, rep->iterations, rep->relative_residual, restarts);
    if (h->opt.verbose)
      fprintf(stderr, "amg solve: true residual %.3e > tol at iteration %d; PCG restarts from x\n",
              rep->relative_residual, rep->iterations);
    s = pcg(h, bnorm, shift, rep, 0);
  }
  return s;
}

/* The caller's initial guess x (finite: solve checked it) into the
 * workspace's x, scaled like b (by 2^shift), each entry checked to stay
 * finite once scaled. */
static amg_status upload_guess(amg_hierarchy *h, const double *x, int shift) {
  int32_t n = h->level[0].a->m;
  for (int32_t i = 0; shift && i < n; i++)
    if (!isfinite(ldexp(x[i], shift)))
      return amg_error(AMG_ERR_NONFINITE, "the initial guess is not finite once scaled like b: x[%d] (1-based %d) "
                       "= %g", i, i + 1, x[i]);
  return upload_scaled(h, x, shift, h->ws.x);
}

static amg_status solve(amg_hierarchy *h, const double *b, double *x, amg_solve_report *rep, int guess) {
  if (!rep)
    return amg_error(AMG_ERR_ARG, "amg_solve: NULL report");
  memset(rep, 0, sizeof *rep);
  rep->relative_residual = NAN; /* until computed from x */
  if (!h || !b || !x)
    return amg_error(AMG_ERR_ARG, "amg_solve: NULL argument");
  int32_t n = h->level[0].a->m;
  rep->history = calloc((size_t)h->opt.max_iter + 1, sizeof *rep->history);
  if (!rep->history)
    return amg_error(AMG_ERR_NOMEM, "amg_solve: out of host memory");
  amg_workspace *w = &h->ws;
  amg_status s = fmt_copy(w->b, h->loc, b, FMT_HOST, (size_t)n * sizeof *b);
  double t0 = amg_now_ms(), bnorm = 0;
  if (s == AMG_OK)
    s = amg_pcg_dot(h->loc, n, w->b, w->b, w->s, AMG_PCG_RR, w->partials);
  if (s == AMG_OK)
    s = fetch(h);
  if (s != AMG_OK)
    return s;
  bnorm = sqrt(w->s_host[AMG_PCG_RR]);
  int shift = 0; /* b was scaled by 2^shift, so x is scaled back by 2^-shift */
  if (!(bnorm >= 0x1p-200 && bnorm <= 0x1p200)) {
    s = scale_rhs(h, b, &bnorm, &shift);
    if (s != AMG_OK)
      return s;
  }
  rep->history[0] = 1.0;
  rep->history_len = 1;
  for (int32_t i = 0; guess && i < n; i++) /* before the b = 0 shortcut, which ignores the guess */
    if (!isfinite(x[i]))
      return amg_error(AMG_ERR_NONFINITE, "the initial guess is not finite: x[%d] (1-based %d) = %g", i, i + 1,
                       x[i]);
  if (bnorm == 0) { /* x = 0 solves it exactly, whatever the guess */
    for (int32_t i = 0; i < n; i++)
      x[i] = 0;
    rep->converged = 1;
    rep->history[0] = 0;
    rep->relative_residual = 0;
    return AMG_OK;
  }
  amg_status tr = AMG_OK;
  if (guess) {
    double t_upload = amg_now_ms();
    s = upload_guess(h, x, shift);
    t0 += amg_now_ms() - t_upload; /* like b's upload, not part of solve_ms */
    if (s == AMG_OK)
      s = true_residual(h, bnorm, &rep->history[0]); /* leaves b - A x in r */
    if (s == AMG_OK && !isfinite(rep->history[0]))
      s = amg_error(AMG_ERR_NONFINITE, "the initial guess gives a residual b - A x that is not finite, or too "
                                       "large for its norm to be computed in double");
    if (s != AMG_OK)
      return s;
    rep->relative_residual = rep->history[0];
    rep->converged = rep->history[0] <= h->opt.tol;
  }
  int guess_met = rep->converged; /* the guess meets tol: x is returned as it came */
  if (guess_met)
    s = AMG_OK;
  else if (h->opt.solver == AMG_SOLVER_PCG)
    s = pcg_with_restarts(h, &bnorm, &shift, rep, !guess);
  else
    s = stationary(h, &bnorm, &shift, rep, !guess);
  char message[AMG_MESSAGE_MAX];
  snprintf(message, sizeof message, "%s", amg_error_message());
  if (!guess_met && (h->opt.solver != AMG_SOLVER_PCG || s != AMG_OK))
    tr = true_residual(h, bnorm, &rep->relative_residual);
  rep->solve_ms = amg_now_ms() - t0;
  rep->ms_per_iteration = rep->iterations ? rep->solve_ms / rep->iterations : 0;
  if (guess_met)
    return AMG_OK;
  amg_status xs = fmt_copy(x, FMT_HOST, w->x, h->loc, (size_t)n * sizeof *x);
  int rounded = 0;
  amg_status us = xs == AMG_OK && shift ? unscale_x(x, n, shift, &rounded) : AMG_OK;
  if (tr == AMG_OK && us == AMG_OK && rounded) { /* the report's residual is the x returned's */
    amg_status rs = check_rounded_x(h, x, shift, bnorm, rep);
    if (s == AMG_OK) /* after a failed solve, its own status and message stand */
      us = rs;
  }
  if (s != AMG_OK) {
    rep->converged = 0; /* PCG may have met tol before its true residual failed */
    return amg_note_asymmetry(h, amg_error(s, "%s", message));
  }
  if (tr != AMG_OK || xs != AMG_OK || us != AMG_OK) {
    rep->converged = 0;
    if (us == AMG_ERR_NONFINITE)
      rep->relative_residual = NAN; /* it was x's before the scaling was undone */
    return tr != AMG_OK ? tr : xs != AMG_OK ? xs : us;
  }
  return AMG_OK;
}

amg_status amg_solve(amg_hierarchy *h, const double *b, double *x, amg_solve_report *rep) {
  return solve(h, b, x, rep, 0);
}

amg_status amg_solve_from(amg_hierarchy *h, const double *b, double *x, amg_solve_report *rep) {
  return solve(h, b, x, rep, 1);
}

void amg_solve_report_free(amg_solve_report *rep) {
  if (!rep)
    return;
  free(rep->history);
  rep->history = NULL;
}
