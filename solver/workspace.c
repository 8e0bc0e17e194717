/* The solve workspace: V-cycle vectors on every level and the PCG vectors
 * and scalars on level 0, all where the hierarchy lives. */
#include "hierarchy.h"

amg_status amg_workspace_create(amg_hierarchy *h) {
  fmt_location loc = h->loc;
  amg_workspace *w = &h->ws;
  amg_status s = AMG_OK;
  /* Level 0's cycle works on the PCG vectors (r in, z out), so x and rhs
   * start at level 1; the coarsest level only solves, so it needs no
   * residual or smoothing scratch. */
  for (int l = 0; l < h->levels && s == AMG_OK; l++) {
    amg_level *lv = &h->level[l];
    int32_t n = lv->a->m;
    if (l > 0) {
      s = fmt_alloc((void **)&lv->x, n, sizeof(double), loc);
      if (s == AMG_OK)
        s = fmt_alloc((void **)&lv->rhs, n, sizeof(double), loc);
    }
    if (l < h->levels - 1 && s == AMG_OK) {
      s = fmt_alloc((void **)&lv->resid, n, sizeof(double), loc);
      if (s == AMG_OK)
        s = fmt_alloc((void **)&lv->scratch, n, sizeof(double), loc);
    }
  }
  int32_t n0 = h->level[0].a->m;
  double **v[] = {&w->b, &w->x, &w->r, &w->z, &w->p, &w->q};
  for (int k = 0; k < 6 && s == AMG_OK; k++)
    s = fmt_alloc((void **)v[k], n0, sizeof(double), loc);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&w->s, AMG_PCG_SCALARS, sizeof(double), loc);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&w->partials, AMG_PCG_PARTIALS, sizeof(double), loc);
  if (s == AMG_OK)
    s = loc == FMT_DEVICE ? fmt_pinned_alloc((void **)&w->s_host, AMG_PCG_SCALARS * sizeof(double))
                          : AMG_OK;
  if (s == AMG_OK && loc == FMT_HOST)
    w->s_host = w->s;
  if (s == AMG_OK)
    s = amg_fill(loc, AMG_PCG_SCALARS, 0.0, w->s);
  return s;
}

void amg_workspace_destroy(amg_hierarchy *h) {
  fmt_location loc = h->loc;
  amg_workspace *w = &h->ws;
  for (int l = 0; l < AMG_MAX_LEVELS; l++) {
    amg_level *lv = &h->level[l];
    fmt_free(lv->x, loc);
    fmt_free(lv->rhs, loc);
    fmt_free(lv->resid, loc);
    fmt_free(lv->scratch, loc);
  }
  double *v[] = {w->b, w->x, w->r, w->z, w->p, w->q, w->s, w->partials};
  for (int k = 0; k < 8; k++)
    fmt_free(v[k], loc);
  if (loc == FMT_DEVICE)
    fmt_pinned_free(w->s_host);
  fmt_graph_destroy(w->iteration);
}
