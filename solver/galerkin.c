/* The Galerkin product A_c = P^T A P in either order, the AUTO rule, and
 * the count of its intermediate products for the report. */
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
  if (!a || !p || !r || !order)
    return amg_error(AMG_ERR_ARG, "amg_galerkin_choose: NULL argument");
  if (a->m != a->n || p->m != a->n || r->m != p->n || r->n != p->m)
    return amg_error(AMG_ERR_ARG,
                     "amg_galerkin_choose: A (%d x %d) must be square, P (%d x %d) have A's rows, and R (%d x %d) "
                     "be P^T's shape",
                     a->m, a->n, p->m, p->n, r->m, r->n);
  if (p->loc != a->loc || r->loc != a->loc)
    return amg_error(AMG_ERR_ARG, "amg_galerkin_choose: A, P and R must all be on the host or all on the GPU");
  int64_t ap = 0, pta = 0;
  return choose(a, p, r, &ap, &pta, order);
}

amg_status amg_galerkin(const fmt_tile *a, const fmt_tile *p, const fmt_tile *r, amg_galerkin_order order,
                        spgemm_backend be, int a_symmetric, int a_exact, int symmetric_product, fmt_tile **ac,
                        fmt_tile **mid, amg_level_report *rep) {
  *ac = *mid = NULL;
  int64_t ap = -1, pta = -1;
  amg_status s = AMG_OK;
  if (order == AMG_GALERKIN_AUTO && a_symmetric)
    order = AMG_GALERKIN_PT_AP; /* the two counts are equal (a tie), so they are skipped */
  else if (order == AMG_GALERKIN_AUTO)
    s = choose(a, p, r, &ap, &pta, &order);
  int pt_ap = order != AMG_GALERKIN_PTA_P;
  /* AP or P^T A; B^T is R = P^T for B = P, and A itself for B = A where
   * A equals A^T bitwise (the tile product may read B's values from it). */
  const fmt_tile *first_bt = pt_ap ? r : a_exact ? a : NULL;
  if (s == AMG_OK)
    s = amg_multiply(pt_ap ? a : r, pt_ap ? p : a, first_bt, be, 0, mid);
  if (s == AMG_OK)
    s = amg_multiply(pt_ap ? r : *mid, pt_ap ? *mid : p, pt_ap ? NULL : r, be, symmetric_product, ac);
  if (s == AMG_OK) {
    rep->galerkin_order = pt_ap ? AMG_GALERKIN_PT_AP : AMG_GALERKIN_PTA_P;
    rep->galerkin_symmetric = symmetric_product && (a->loc == FMT_HOST || be == SPGEMM_TILE);
    rep->galerkin_products = pt_ap ? ap : pta; /* -1 when AUTO did not count it */
    rep->intermediate_nnz = (*mid)->nnz;
  } else {
    fmt_tile_destroy(*ac);
    fmt_tile_destroy(*mid);
    *ac = *mid = NULL;
  }
  return s;
}

amg_status amg_galerkin_count(const fmt_tile *a, const fmt_tile *p, const fmt_tile *r, const fmt_tile *mid,
                              amg_level_report *rep) {
  int pt_ap = rep->galerkin_order != AMG_GALERKIN_PTA_P;
  int64_t first = rep->galerkin_products, second = 0;
  amg_status s = AMG_OK;
  if (first < 0)
    s = amg_tile_products(pt_ap ? a : r, pt_ap ? p : a, &first);
  if (s == AMG_OK)
    s = amg_tile_products(pt_ap ? r : mid, pt_ap ? mid : p, &second);
  rep->galerkin_products = s == AMG_OK ? first + second : 0;
  return s;
}
