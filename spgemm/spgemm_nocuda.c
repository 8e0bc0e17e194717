/* Stubs for a build without CUDA. */
#include "spgemm.h"

static amg_status no_cuda(const char *what) {
  return amg_error(AMG_ERR_NO_CUDA, "%s: this build has no CUDA backend (AMG_ENABLE_CUDA=OFF)", what);
}

/* A NULL output is refused first, in the CUDA versions' words. */
static amg_status null_out(const char *what, const char *arg) {
  return amg_error(AMG_ERR_ARG, "%s: %s is NULL", what, arg);
}

amg_status spgemm_tile_device(const fmt_tile *a, const fmt_tile *b, fmt_tile **c,
                              const spgemm_tile_options *opt, spgemm_stats *stats) {
  if (!c)
    return null_out("spgemm_tile_device", "c");
  *c = NULL;
  return no_cuda("spgemm_tile_device");
}
amg_status spgemm_csr32_take_csr(fmt_csr *dev, spgemm_csr32 **out) {
  fmt_csr_destroy(dev);
  if (!out)
    return null_out("spgemm_csr32_take_csr", "out");
  *out = NULL;
  return no_cuda("spgemm_csr32_take_csr");
}
amg_status spgemm_csr32_take_to_csr(spgemm_csr32 *a, fmt_csr **dev) {
  spgemm_csr32_destroy(a);
  if (!dev)
    return null_out("spgemm_csr32_take_to_csr", "out");
  *dev = NULL;
  return no_cuda("spgemm_csr32_take_to_csr");
}
void spgemm_csr32_destroy(spgemm_csr32 *a) { (void)a; }
amg_status spgemm_cusparse(const spgemm_csr32 *a, const spgemm_csr32 *b, spgemm_csr32 **c) {
  if (!c)
    return null_out("spgemm_cusparse", "out");
  *c = NULL;
  return no_cuda("spgemm_cusparse");
}
amg_status spgemm_multiply_device(spgemm_backend be, const fmt_tile *a, const fmt_tile *b, const fmt_tile *bt,
                                  int symmetric, fmt_tile **c, spgemm_stats *stats) {
  if (!c)
    return null_out("spgemm_multiply_device", "c");
  *c = NULL;
  return no_cuda("spgemm_multiply_device");
}
amg_status spgemm_device_init(void) { return no_cuda("spgemm_device_init"); }
amg_status spgemm_tile_products_device(const fmt_tile *a, const fmt_tile *b, int64_t *products) {
  if (!products)
    return null_out("spgemm_tile_products_device", "products");
  *products = 0;
  return no_cuda("spgemm_tile_products_device");
}
