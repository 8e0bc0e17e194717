/* Stubs for a build without CUDA: every device entry point links and says so.
 * A NULL pointer argument is refused first, as the CUDA versions refuse it. */
#include "fmt_internal.h"

static amg_status no_cuda(const char *what) {
  return amg_error(AMG_ERR_NO_CUDA, "%s: this build has no CUDA backend (AMG_ENABLE_CUDA=OFF)", what);
}

static amg_status null_arg(const char *what, const char *arg) {
  return amg_error(AMG_ERR_ARG, "%s: %s is NULL", what, arg);
}

int fmt_device_count(void) { return 0; }
amg_status fmt_device_probe(int *count) {
  if (!count)
    return null_arg("device_probe", "count");
  *count = 0;
  return AMG_OK;
}
int fmt_device_multiprocessors(void) { return 0; }
amg_status fmt_device_alloc(void **p, size_t bytes) {
  if (!p)
    return null_arg("device_alloc", "p");
  *p = NULL;
  return bytes ? no_cuda("device_alloc") : AMG_OK;
}
void fmt_device_fill_new(int on) { (void)on; }
void fmt_device_free(void *p) { (void)p; }
amg_status fmt_device_copy(void *dst, const void *src, size_t bytes) {
  if (bytes && (!dst || !src))
    return null_arg("device_copy", dst ? "src" : "dst");
  return bytes ? no_cuda("device_copy") : AMG_OK;
}
amg_status fmt_device_sync(void) { return no_cuda("device_sync"); }
void fmt_device_profiler(int on) { (void)on; }
amg_status fmt_device_load_modules(int *modules, int64_t *functions, int64_t *were_loaded) {
  *modules = 0;
  *functions = 0;
  *were_loaded = 0;
  return no_cuda("device_load_modules");
}
int fmt_device_registered_modules(void) { return 0; }
size_t fmt_device_bytes_in_use(void) { return 0; }
size_t fmt_device_peak_bytes(void) { return 0; }
void fmt_device_reset_peak(void) {}
size_t fmt_device_bytes_reserved(void) { return 0; }
amg_status fmt_device_trim(void) { return AMG_OK; }

amg_status fmt_csr_upload(const fmt_csr *host, fmt_csr **dev) {
  if (!dev)
    return null_arg("csr_upload", "dev");
  *dev = NULL;
  return host ? no_cuda("csr_upload") : null_arg("csr_upload", "host");
}
amg_status fmt_csr_download(const fmt_csr *dev, fmt_csr **host) {
  if (!host)
    return null_arg("csr_download", "host");
  *host = NULL;
  return dev ? no_cuda("csr_download") : null_arg("csr_download", "dev");
}
amg_status fmt_tile_upload(const fmt_tile *host, fmt_tile **dev) {
  if (!dev)
    return null_arg("tile_upload", "dev");
  *dev = NULL;
  return host ? no_cuda("tile_upload") : null_arg("tile_upload", "host");
}
amg_status fmt_tile_download(const fmt_tile *dev, fmt_tile **host) {
  if (!host)
    return null_arg("tile_download", "host");
  *host = NULL;
  return dev ? no_cuda("tile_download") : null_arg("tile_download", "dev");
}
amg_status fmt_tile_from_csr_device(const fmt_csr *dev_csr, fmt_tile **dev_tile) {
  if (!dev_tile)
    return null_arg("tile_from_csr_device", "dev_tile");
  *dev_tile = NULL;
  return dev_csr ? no_cuda("tile_from_csr_device") : null_arg("tile_from_csr_device", "dev_csr");
}
amg_status fmt_tile_to_csr_device(const fmt_tile *dev_tile, fmt_csr **dev_csr) {
  if (!dev_csr)
    return null_arg("tile_to_csr_device", "dev_csr");
  *dev_csr = NULL;
  return dev_tile ? no_cuda("tile_to_csr_device") : null_arg("tile_to_csr_device", "dev_tile");
}
amg_status fmt_tile_transpose_device(const fmt_tile *dev_a, fmt_tile **dev_at) {
  if (!dev_at)
    return null_arg("tile_transpose_device", "dev_at");
  *dev_at = NULL;
  return dev_a ? no_cuda("tile_transpose_device") : null_arg("tile_transpose_device", "dev_a");
}
amg_status fmt_tile_is_symmetric_device(const fmt_tile *dev_a, int *symmetric) {
  if (!symmetric)
    return null_arg("tile_is_symmetric_device", "symmetric");
  *symmetric = 0;
  return dev_a ? no_cuda("tile_is_symmetric_device") : null_arg("tile_is_symmetric_device", "dev_a");
}
amg_status fmt_tile_mirror_upper_device(const fmt_tile *dev_u, fmt_tile **dev_c) {
  if (!dev_c)
    return null_arg("tile_mirror_upper_device", "dev_c");
  *dev_c = NULL;
  return dev_u ? no_cuda("tile_mirror_upper_device") : null_arg("tile_mirror_upper_device", "dev_u");
}
amg_status fmt_tile_columns_create_device(const fmt_tile *dev_a, fmt_tile_columns **out) {
  if (!out)
    return null_arg("tile_columns_create_device", "out");
  *out = NULL;
  return dev_a ? no_cuda("tile_columns_create_device") : null_arg("tile_columns_create_device", "dev_a");
}
amg_status fmt_tile_columns_from_transpose_device(const fmt_tile *a, const fmt_tile *at, fmt_tile_columns **out) {
  if (!out)
    return null_arg("tile_columns_from_transpose_device", "out");
  *out = NULL;
  if (!a || !at)
    return null_arg("tile_columns_from_transpose_device", a ? "at" : "a");
  return no_cuda("tile_columns_from_transpose_device");
}
amg_status fmt_timer_create(fmt_timer **t) {
  if (!t)
    return null_arg("timer_create", "t");
  *t = NULL;
  return no_cuda("timer_create");
}
void fmt_timer_destroy(fmt_timer *t) { (void)t; }
amg_status fmt_timer_start(fmt_timer *t) { return t ? no_cuda("timer_start") : null_arg("timer_start", "t"); }
amg_status fmt_timer_stop(fmt_timer *t, double *ms) {
  if (ms)
    *ms = 0;
  if (!t || !ms)
    return null_arg("timer_stop", t ? "ms" : "t");
  return no_cuda("timer_stop");
}
amg_status fmt_device_copy_any(void *dst, int dst_device, const void *src, int src_device, size_t bytes) {
  return no_cuda("device copy");
}
amg_status fmt_tile_select_device(const fmt_tile *a, const uint16_t *keep, fmt_tile **out) {
  if (!out)
    return null_arg("tile_select_device", "out");
  *out = NULL;
  if (!a)
    return null_arg("tile_select_device", "a");
  if (!keep && a->num_tiles > 0)
    return null_arg("tile_select_device", "keep");
  return no_cuda("tile_select_device");
}
amg_status fmt_graph_begin(void) { return no_cuda("graph_begin"); }
amg_status fmt_graph_end(fmt_graph **out) {
  if (!out)
    return null_arg("graph_end", "out");
  *out = NULL;
  return no_cuda("graph_end");
}
amg_status fmt_graph_launch(const fmt_graph *g) { return g ? no_cuda("graph_launch") : null_arg("graph_launch", "g"); }
void fmt_graph_destroy(fmt_graph *g) { (void)g; }
amg_status fmt_pinned_alloc(void **p, size_t bytes) {
  if (!p)
    return null_arg("pinned_alloc", "p");
  *p = NULL;
  return no_cuda("pinned_alloc");
}
void fmt_pinned_free(void *p) { (void)p; }
amg_status fmt_copy_to_host_async(void *dst, const void *src, size_t bytes) {
  if (bytes && (!dst || !src))
    return null_arg("copy_to_host_async", dst ? "src" : "dst");
  return no_cuda("copy_to_host");
}
