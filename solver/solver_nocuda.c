/* Stubs for a build without CUDA: every device operation links and says so. */
#include "amg_ops.h"
#include "coarse_solve_internal.h"

static amg_status no_cuda(const char *what) {
  return amg_error(AMG_ERR_NO_CUDA, "%s: this build has no CUDA backend (AMG_ENABLE_CUDA=OFF)", what);
}

amg_status amg_diagonal_device(const fmt_tile *a, double *d) { return no_cuda("diagonal"); }
amg_status amg_strength_device(const fmt_tile *a, const double *d, double theta, uint16_t *smask) {
  return no_cuda("strength");
}
amg_status amg_coupled_device(const fmt_tile *a, int *coupled) { return no_cuda("coupled"); }
amg_status amg_filter_device(const fmt_tile *a, const uint16_t *smask, const int32_t *w, fmt_tile **af) {
  *af = NULL;
  return no_cuda("filter");
}
amg_status amg_aggregate_device(const fmt_tile *a, const uint16_t *smask, int32_t *agg,
                                amg_aggregate_stats *st) {
  return no_cuda("aggregate");
}
amg_status amg_aggregate_sizes_device(const int32_t *agg, int32_t n, int32_t count, const int32_t *w,
                                      int32_t *size) {
  return no_cuda("aggregate sizes");
}
amg_status amg_nullspace_coarsen_device(const int32_t *agg, const int32_t *w, int32_t n, int32_t count,
                                        int32_t *wc, double *tval) {
  return no_cuda("near-null space");
}
amg_status amg_tentative_device(const int32_t *agg, const double *tval, int32_t n, int32_t count,
                                fmt_tile **t) {
  *t = NULL;
  return no_cuda("tentative");
}
amg_status amg_smooth_prolongator_device(fmt_tile *s, const double *d, const int32_t *agg,
                                         const double *tval, double scale) {
  return no_cuda("smooth_prolongator");
}
amg_status amg_spmv_device(const fmt_tile *a, const double *x, double *y) { return no_cuda("spmv"); }
amg_status amg_residual_device(const fmt_tile *a, const double *b, const double *x, double *r) {
  return no_cuda("residual");
}
amg_status amg_jacobi_device(const fmt_tile *a, const double *dinv, double omega, const double *b,
                             const double *x_in, double *x_out) {
  return no_cuda("jacobi");
}
amg_status amg_axpy_device(int32_t n, double alpha, const double *x, double *y) { return no_cuda("axpy"); }
amg_status amg_fill_device(int32_t n, double value, double *x) { return no_cuda("fill"); }
amg_status amg_coarse_create_device(const fmt_tile *a, amg_coarse_solver **out) {
  *out = NULL;
  return no_cuda("coarse_create");
}
amg_status amg_coarse_apply_device(const amg_coarse_solver *cs, const double *b, double *x) {
  return no_cuda("coarse_apply");
}
void amg_coarse_free_device(amg_coarse_solver *cs) { (void)cs; }
amg_status amg_coarse_device_init(void) { return no_cuda("coarse_device_init"); }

#include "spmv_baseline.h"
amg_status amg_spmv_baseline_create(const fmt_csr *dev_csr, amg_spmv_baseline **out) {
  *out = NULL;
  return no_cuda("spmv_baseline_create");
}
amg_status amg_spmv_baseline_apply(amg_spmv_baseline *h, const double *x, double *y) {
  return no_cuda("spmv_baseline_apply");
}
void amg_spmv_baseline_destroy(amg_spmv_baseline *h) { (void)h; }
#include "spmv_variants.h"
int amg_spmv_baseline_offset_bytes(const amg_spmv_baseline *h) {
  (void)h;
  return 0;
}
amg_status amg_fill_start_vector_device(int32_t n, const double *d, const double *sum_dinv, double *x) {
  return no_cuda("fill_start_vector");
}
amg_status amg_invert_device(int32_t n, const double *d, double *dinv) { return no_cuda("invert"); }
amg_status amg_jacobi_first_device(int32_t n, const double *dinv, double omega, const double *b, double *x) {
  return no_cuda("jacobi_first");
}
amg_status amg_pcg_dot_device(int32_t n, const double *x, const double *y, double *s, int slot, double *work) {
  return no_cuda("pcg_dot");
}
amg_status amg_pcg_update_xr_device(int32_t n, double *s, const double *p, const double *q, double *x,
                                    double *r, double *work) {
  return no_cuda("pcg_update_xr");
}
amg_status amg_pcg_update_p_device(int32_t n, const double *s, const double *z, double *p) {
  return no_cuda("pcg_update_p");
}
amg_status amg_power_step_device(int32_t n, const double *d, const double *dinv, const double *x, double *y,
                                 double *stats, double *work) {
  return no_cuda("power_step");
}
