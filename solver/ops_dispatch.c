/* Host or device by location: the algorithm code never names a backend. */
#include <string.h>

#include "amg_ops.h"

#define BY_LOC(loc, host, device) ((loc) == FMT_DEVICE ? (device) : (host))

amg_status amg_diagonal(const fmt_tile *a, double *d) {
  return BY_LOC(a->loc, amg_diagonal_host(a, d), amg_diagonal_device(a, d));
}
amg_status amg_strength(const fmt_tile *a, const double *d, double theta, uint16_t *smask) {
  return BY_LOC(a->loc, amg_strength_host(a, d, theta, smask), amg_strength_device(a, d, theta, smask));
}

amg_status amg_coupled(const fmt_tile *a, int *coupled) {
  return BY_LOC(a->loc, amg_coupled_host(a, coupled), amg_coupled_device(a, coupled));
}
amg_status amg_filter(const fmt_tile *a, const uint16_t *smask, const int32_t *w, fmt_tile **af) {
  return BY_LOC(a->loc, amg_filter_host(a, smask, w, af), amg_filter_device(a, smask, w, af));
}
amg_status amg_aggregate(const fmt_tile *a, const uint16_t *smask, int32_t *agg, amg_aggregate_stats *st) {
  return BY_LOC(a->loc, amg_aggregate_host(a, smask, agg, st), amg_aggregate_device(a, smask, agg, st));
}
amg_status amg_nullspace_coarsen(fmt_location loc, const int32_t *agg, const int32_t *w, int32_t n, int32_t count,
                                 int32_t *wc, double *tval) {
  return BY_LOC(loc, amg_nullspace_coarsen_host(agg, w, n, count, wc, tval),
                amg_nullspace_coarsen_device(agg, w, n, count, wc, tval));
}
amg_status amg_tentative(fmt_location loc, const int32_t *agg, const double *tval, int32_t n, int32_t count,
                         fmt_tile **t) {
  return BY_LOC(loc, amg_tentative_host(agg, tval, n, count, t), amg_tentative_device(agg, tval, n, count, t));
}
amg_status amg_smooth_prolongator(fmt_tile *s, const double *d, const int32_t *agg, const double *tval,
                                  double scale) {
  return BY_LOC(s->loc, amg_smooth_prolongator_host(s, d, agg, tval, scale),
                amg_smooth_prolongator_device(s, d, agg, tval, scale));
}
amg_status amg_transpose(const fmt_tile *a, fmt_tile **at) {
  return BY_LOC(a->loc, fmt_tile_transpose(a, at), fmt_tile_transpose_device(a, at));
}
amg_status amg_multiply(const fmt_tile *a, const fmt_tile *b, const fmt_tile *bt, spgemm_backend be,
                        int symmetric, fmt_tile **c) {
  return BY_LOC(a->loc,
                symmetric ? spgemm_tile_symmetric_reference(a, b, c) : spgemm_tile_reference(a, b, c),
                spgemm_multiply_device(be, a, b, bt, symmetric, c, NULL));
}
amg_status amg_tile_products(const fmt_tile *a, const fmt_tile *b, int64_t *count) {
  if (a->n != b->m || a->loc != b->loc)
    return amg_error(AMG_ERR_ARG, "tile products: A (%d x %d) times B (%d x %d): inner dimensions or locations differ",
                     a->m, a->n, b->m, b->n);
  if (a->loc == FMT_DEVICE)
    return spgemm_tile_products_device(a, b, count);
  *count = spgemm_tile_products(a, b);
  return AMG_OK;
}
amg_status amg_spmv(const fmt_tile *a, const double *x, double *y) {
  return BY_LOC(a->loc, amg_spmv_host(a, x, y), amg_spmv_device(a, x, y));
}
amg_status amg_residual(const fmt_tile *a, const double *b, const double *x, double *r) {
  return BY_LOC(a->loc, amg_residual_host(a, b, x, r), amg_residual_device(a, b, x, r));
}
amg_status amg_jacobi(const fmt_tile *a, const double *dinv, double omega, const double *b,
                      const double *x_in, double *x_out) {
  return BY_LOC(a->loc, amg_jacobi_host(a, dinv, omega, b, x_in, x_out),
                amg_jacobi_device(a, dinv, omega, b, x_in, x_out));
}
amg_status amg_axpy(fmt_location loc, int32_t n, double alpha, const double *x, double *y) {
  return BY_LOC(loc, amg_axpy_host(n, alpha, x, y), amg_axpy_device(n, alpha, x, y));
}
amg_status amg_fill(fmt_location loc, int32_t n, double value, double *x) {
  return BY_LOC(loc, amg_fill_host(n, value, x), amg_fill_device(n, value, x));
}
amg_status amg_power_step(fmt_location loc, int32_t n, const double *d, const double *dinv, const double *x,
                          double *y, double *stats, double *work) {
  return BY_LOC(loc, amg_power_step_host(n, d, dinv, x, y, stats),
                amg_power_step_device(n, d, dinv, x, y, stats, work));
}
amg_status amg_coarse_create(const fmt_tile *a, amg_coarse_solver **out) {
  return BY_LOC(a->loc, amg_coarse_create_host(a, out), amg_coarse_create_device(a, out));
}

amg_status amg_fill_start_vector(fmt_location loc, int32_t n, const double *d, const double *sum_dinv, double *x) {
  if (loc == FMT_DEVICE)
    return amg_fill_start_vector_device(n, d, sum_dinv, x);
  for (int32_t i = 0; i < n; i++)
    x[i] = (0.5 + amg_priority((uint32_t)i) * 0x1.0p-31) * amg_start_scale(n, d[i], *sum_dinv);
  return AMG_OK;
}

amg_status amg_invert(fmt_location loc, int32_t n, const double *d, double *dinv) {
  if (loc == FMT_DEVICE)
    return amg_invert_device(n, d, dinv);
  for (int32_t i = 0; i < n; i++)
    dinv[i] = 1.0 / d[i];
  return AMG_OK;
}

amg_status amg_jacobi_first(fmt_location loc, int32_t n, const double *dinv, double omega, const double *b,
                            double *x) {
  if (loc == FMT_DEVICE)
    return amg_jacobi_first_device(n, dinv, omega, b, x);
  for (int32_t i = 0; i < n; i++)
    x[i] = omega * dinv[i] * b[i];
  return AMG_OK;
}

amg_status amg_copy(fmt_location loc, int32_t n, const double *x, double *y) {
  if (loc == FMT_DEVICE)
    return fmt_device_copy(y, x, (size_t)n * sizeof *x);
  memmove(y, x, (size_t)n * sizeof *x);
  return AMG_OK;
}
