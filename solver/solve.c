/* amg_solve: PCG with one V-cycle as preconditioner, or V-cycles as a
 * stationary method, from x = 0.
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
 * (preconditioner not SPD); growth past DIVERGENCE x ||b||. At the end the
 * true residual b - A x is recomputed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hierarchy.h"

#define DIVERGENCE 1e6

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

static void print_iteration(const amg_hierarchy *h, int it, const double *history) {
  if (h->opt.verbose)
    fprintf(stderr, "amg solve: iteration %3d  ||r||/||b|| = %.3e  factor %.3f\n", it, history[it],
            history[it - 1] > 0 ? history[it] / history[it - 1] : 0.0);
}

static amg_status pcg(amg_hierarchy *h, double bnorm, amg_solve_report *rep) {
  amg_workspace *w = &h->ws;
  fmt_location loc = h->loc;
  int32_t n = h->level[0].a->m;
  const double *sh = w->s_host;
  amg_status s = amg_fill(loc, n, 0.0, w->x);
  if (s == AMG_OK)
    s = amg_copy(loc, n, w->b, w->r);
  if (s == AMG_OK)
    s = amg_vcycle(h, w->r, w->z);
  if (s == AMG_OK)
    s = amg_pcg_dot(loc, n, w->r, w->z, w->s, AMG_PCG_RZ, w->partials);
  if (s == AMG_OK)
    s = amg_copy(loc, n, w->z, w->p);
  if (s == AMG_OK)
    s = fetch(h);
  if (s != AMG_OK)
    return s;
  if (!isfinite(sh[AMG_PCG_RZ]))
    return amg_error(AMG_ERR_NONFINITE, "PCG: the preconditioned residual is not finite (r'Mr = %g)",
                     sh[AMG_PCG_RZ]);
  if (!(sh[AMG_PCG_RZ] > 0))
    return amg_error(AMG_ERR_BREAKDOWN,
                     "PCG: r'Mr = %g <= 0 at the start: the preconditioner is not positive definite",
                     sh[AMG_PCG_RZ]);
  for (int it = 1; it <= h->opt.max_iter; it++) {
    s = pcg_iteration(h, &rep->used_graph);
    if (s != AMG_OK)
      return s;
    double pq = sh[AMG_PCG_PQ], rr = sh[AMG_PCG_RR], rz = sh[AMG_PCG_RZ];
    rep->iterations = it;
    rep->history[it] = sqrt(rr) / bnorm;
    rep->history_len = it + 1;
    print_iteration(h, it, rep->history);
    if (!isfinite(pq) || !isfinite(rr))
      return amg_error(AMG_ERR_NONFINITE, "PCG: NaN or Inf at iteration %d (p'Ap = %g, r'r = %g)", it, pq, rr);
    if (!(pq > 0))
      return amg_error(AMG_ERR_BREAKDOWN,
                       "PCG breakdown at iteration %d: p'Ap = %g <= 0, so A is not positive definite", it,
                       pq);
    if (rep->history[it] <= h->opt.tol) {
      rep->converged = 1;
      return AMG_OK;
    }
    if (rep->history[it] > DIVERGENCE)
      return amg_error(AMG_ERR_DIVERGED, "PCG diverged: ||r||/||b|| = %.3e at iteration %d", rep->history[it],
                       it);
    if (!(rz > 0) || !isfinite(rz))
      return amg_error(AMG_ERR_BREAKDOWN,
                       "PCG breakdown at iteration %d: r'Mr = %g <= 0, so the preconditioner is not "
                       "positive definite",
                       it, rz);
  }
  return amg_error(AMG_ERR_NOT_CONVERGED, "PCG did not reach tol = %g in %d iterations (||r||/||b|| = %.3e)",
                   h->opt.tol, h->opt.max_iter, rep->history[rep->history_len - 1]);
}

static amg_status stationary(amg_hierarchy *h, double bnorm, amg_solve_report *rep) {
  amg_workspace *w = &h->ws;
  fmt_location loc = h->loc;
  const fmt_tile *a = h->level[0].a;
  int32_t n = a->m;
  amg_status s = amg_fill(loc, n, 0.0, w->x);
  if (s == AMG_OK)
    s = amg_copy(loc, n, w->b, w->r);
  for (int it = 1; s == AMG_OK && it <= h->opt.max_iter; it++) {
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
    rep->history[it] = sqrt(w->s_host[AMG_PCG_RR]) / bnorm;
    rep->history_len = it + 1;
    print_iteration(h, it, rep->history);
    if (!isfinite(rep->history[it]))
      return amg_error(AMG_ERR_NONFINITE, "V-cycle iteration %d: the residual is NaN or Inf", it);
    if (rep->history[it] <= h->opt.tol) {
      rep->converged = 1;
      return AMG_OK;
    }
    if (rep->history[it] > DIVERGENCE)
      return amg_error(AMG_ERR_DIVERGED, "V-cycles diverged: ||r||/||b|| = %.3e at iteration %d",
                       rep->history[it], it);
  }
  if (s != AMG_OK)
    return s;
  return amg_error(AMG_ERR_NOT_CONVERGED,
                   "V-cycles did not reach tol = %g in %d iterations (||r||/||b|| = %.3e)", h->opt.tol,
                   h->opt.max_iter, rep->history[rep->history_len - 1]);
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
  *rel = sqrt(w->s_host[AMG_PCG_RR]) / bnorm;
  return s;
}

amg_status amg_solve(amg_hierarchy *h, const double *b, double *x, amg_solve_report *rep) {
  memset(rep, 0, sizeof *rep);
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
  rep->history[0] = 1.0;
  rep->history_len = 1;
  if (!isfinite(bnorm))
    return amg_error(AMG_ERR_NONFINITE, "the right-hand side contains NaN or Inf");
  if (bnorm == 0) { /* x = 0 solves it exactly */
    for (int32_t i = 0; i < n; i++)
      x[i] = 0;
    rep->converged = 1;
    rep->history[0] = 0;
    return AMG_OK;
  }
  s = h->opt.solver == AMG_SOLVER_PCG ? pcg(h, bnorm, rep) : stationary(h, bnorm, rep);
  char message[512];
  snprintf(message, sizeof message, "%s", amg_error_message());
  amg_status tr = true_residual(h, bnorm, &rep->relative_residual);
  rep->solve_ms = amg_now_ms() - t0;
  rep->ms_per_iteration = rep->iterations ? rep->solve_ms / rep->iterations : 0;
  amg_status xs = fmt_copy(x, FMT_HOST, w->x, h->loc, (size_t)n * sizeof *x);
  if (s != AMG_OK)
    return amg_error(s, "%s", message);
  return tr != AMG_OK ? tr : xs;
}

void amg_solve_report_free(amg_solve_report *rep) {
  if (!rep)
    return;
  free(rep->history);
  rep->history = NULL;
}
