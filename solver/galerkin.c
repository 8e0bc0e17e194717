/* The Galerkin product A_c = P^T A P in either order, and the AUTO rule. */
#include "hierarchy.h"

static amg_status products(const fmt_tile *x, const fmt_tile *y, int64_t *count) {
  if (x->loc == FMT_DEVICE)
    return spgemm_tile_products_device(x, y, count);
  *count = spgemm_tile_products(x, y);
  return AMG_OK;
}

static amg_status multiply(const fmt_tile *x, const fmt_tile *y, spgemm_backend be, fmt_tile **z) {
  if (x->loc == FMT_DEVICE)
    return spgemm_multiply_device(be, x, y, z, NULL);
  return spgemm_tile_reference(x, y, z);
}

amg_status amg_galerkin_choose(const fmt_tile *a, const fmt_tile *p, const fmt_tile *r,
                               amg_galerkin_order *order) {
  int64_t ap = 0, pta = 0;
  amg_status s = products(a, p, &ap);
  if (s == AMG_OK)
    s = products(r, a, &pta);
  *order = pta < ap ? AMG_GALERKIN_PTA_P : AMG_GALERKIN_PT_AP;
  return s;
}

amg_status amg_galerkin(const fmt_tile *a, const fmt_tile *p, const fmt_tile *r, amg_galerkin_order order,
                        spgemm_backend be, fmt_tile **ac, amg_level_report *rep) {
  *ac = NULL;
  fmt_tile *mid = NULL;
  int64_t first = 0, second = 0;
  int pt_ap = order != AMG_GALERKIN_PTA_P;
  const fmt_tile *x = pt_ap ? a : r, *y = pt_ap ? p : a;
  amg_status s = multiply(x, y, be, &mid); /* A P  or  P^T A */
  if (s == AMG_OK)
    s = multiply(pt_ap ? r : mid, pt_ap ? mid : p, be, ac);
  if (s == AMG_OK)
    s = products(x, y, &first);
  if (s == AMG_OK)
    s = products(pt_ap ? r : mid, pt_ap ? mid : p, &second);
  if (s == AMG_OK) {
    rep->galerkin_order = pt_ap ? AMG_GALERKIN_PT_AP : AMG_GALERKIN_PTA_P;
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
