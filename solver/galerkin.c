/* The Galerkin product A_c = P^T A P in either order, and the AUTO rule. */
#include "hierarchy.h"

/* Intermediate products of A*P and P^T*A, and the order AUTO picks from them. */
static amg_status choose(const fmt_tile *a, const fmt_tile *p, const fmt_tile *r, int64_t *ap, int64_t *pta,
                         amg_galerkin_order *order) {
  amg_status s = amg_tile_products(a, p, ap);
  if (s == AMG_OK)
    s = amg_tile_products(r, a, pta);
  *order = *pta < *ap ? AMG_GALERKIN_PTA_P : AMG_GALERKIN_PT_AP;
  return s;
}

amg_status amg_galerkin_choose(const fmt_tile *a, const fmt_tile *p, const fmt_tile *r,
                               amg_galerkin_order *order) {
  int64_t ap = 0, pta = 0;
  return choose(a, p, r, &ap, &pta, order);
}

amg_status amg_galerkin(const fmt_tile *a, const fmt_tile *p, const fmt_tile *r, amg_galerkin_order order,
                        spgemm_backend be, int symmetric, fmt_tile **ac, amg_level_report *rep) {
  *ac = NULL;
  fmt_tile *mid = NULL;
  int64_t ap = -1, pta = -1, second = 0;
  amg_status s = AMG_OK;
  if (order == AMG_GALERKIN_AUTO)
    s = choose(a, p, r, &ap, &pta, &order);
  int pt_ap = order != AMG_GALERKIN_PTA_P;
  const fmt_tile *x = pt_ap ? a : r, *y = pt_ap ? p : a;
  int64_t first = pt_ap ? ap : pta; /* counted already when AUTO chose */
  if (s == AMG_OK)
    s = amg_multiply(x, y, be, 0, &mid); /* A P  or  P^T A */
  if (s == AMG_OK)
    s = amg_multiply(pt_ap ? r : mid, pt_ap ? mid : p, be, symmetric, ac);
  if (s == AMG_OK && first < 0)
    s = amg_tile_products(x, y, &first);
  if (s == AMG_OK)
    s = amg_tile_products(pt_ap ? r : mid, pt_ap ? mid : p, &second);
  if (s == AMG_OK) {
    rep->galerkin_order = pt_ap ? AMG_GALERKIN_PT_AP : AMG_GALERKIN_PTA_P;
    rep->galerkin_symmetric = symmetric && (a->loc == FMT_HOST || be == SPGEMM_TILE);
    rep->galerkin_products = first + second;
    rep->intermediate_nnz = mid->nnz;
  }
  fmt_tile_destroy(mid);
  if (s != AMG_OK) {
    fmt_tile_destroy(*ac);
    *ac = NULL;
  }
  return s;
}
