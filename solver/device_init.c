/* amg_device_init: the once-per-process GPU preparation (see amg.h). */
#include <stdlib.h>

#include "hierarchy.h"

/* A small setup and V-cycle-preconditioned solve on the GPU, so that the
 * first calls of every stage (cuSPARSE's and cuSOLVER's kernels and
 * handles, the pool's first blocks, a CUDA graph's capture) are paid here:
 * a 2D 5-point problem (sparse tiles) and a 3D 27-point one (dense tiles),
 * which take different SpGEMM accumulators and SpMV variants, and the
 * latter with the cuSPARSE backend too. Our own kernels, those that only
 * large problems launch included, are loaded before by
 * fmt_device_load_modules. The solve's convergence is irrelevant. */
static amg_status warm_up(int stencil, int32_t n, spgemm_backend spgemm) {
  fmt_csr *a = NULL;
  amg_hierarchy *h = NULL;
  amg_solve_report rep = {0};
  double *b = NULL, *x = NULL;
  amg_options o;
  amg_options_default(&o);
  o.backend = AMG_BACKEND_GPU;
  o.coarse_size = 100;
  o.max_iter = 2;
  o.spgemm = spgemm;
  amg_status s = fmt_poisson(stencil, n, &a);
  if (s == AMG_OK) {
    b = malloc((size_t)a->m * sizeof *b);
    x = malloc((size_t)a->m * sizeof *x);
    if (!b || !x)
      s = amg_error(AMG_ERR_NOMEM, "device_init: out of host memory");
  }
  if (s == AMG_OK)
    s = amg_setup(a, &o, &h);
  if (s == AMG_OK) {
    for (int32_t i = 0; i < a->m; i++)
      b[i] = 1.0;
    s = amg_solve(h, b, x, &rep);
    if (s == AMG_ERR_NOT_CONVERGED)
      s = AMG_OK;
  }
  amg_solve_report_free(&rep);
  amg_hierarchy_destroy(h);
  fmt_csr_destroy(a);
  free(b);
  free(x);
  return s;
}

amg_status amg_probe_gpu(int *gpus) {
  if (fmt_device_probe(gpus) == AMG_OK)
    return AMG_OK;
  /* a failing driver, or kernels for another GPU */
  return amg_error(AMG_ERR_NO_DEVICE, "the GPU cannot be used: %s", amg_error_message());
}

amg_status amg_device_init(double *ms) {
  static int done = 0;
  double t0 = amg_now_ms();
  if (ms)
    *ms = 0;
  int gpus = 0;
  amg_status probe = amg_probe_gpu(&gpus);
  if (probe != AMG_OK)
    return probe;
  if (gpus < 1)
    return amg_error(AMG_ERR_NO_DEVICE, "no GPU is available");
  if (done)
    return AMG_OK;
  amg_status s = fmt_device_sync(); /* creates the stream and the memory pool */
  int modules = 0;
  int64_t functions = 0, were_loaded = 0;
  if (s == AMG_OK) /* every kernel of ours, not only those the warm-up launches */
    s = fmt_device_load_modules(&modules, &functions, &were_loaded);
  if (s == AMG_OK)
    s = spgemm_device_init();
  if (s == AMG_OK)
    s = amg_coarse_device_init();
  if (s == AMG_OK)
    s = warm_up(5, 48, SPGEMM_TILE);
  if (s == AMG_OK)
    s = warm_up(27, 20, SPGEMM_TILE);
  if (s == AMG_OK)
    s = warm_up(27, 20, SPGEMM_CUSPARSE);
  done = s == AMG_OK;
  if (ms)
    *ms = amg_now_ms() - t0;
  return s;
}

amg_status amg_device_trim(void) { return fmt_device_trim(); }
