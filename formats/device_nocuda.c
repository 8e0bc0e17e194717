/* Stubs for a build without CUDA: every device entry point links and says so. */
#include "fmt_internal.h"

static amg_status no_cuda(const char *what) {
  return amg_error(AMG_ERR_NO_CUDA, "%s: this build has no CUDA backend (AMG_ENABLE_CUDA=OFF)", what);
}

int fmt_device_count(void) { return 0; }
int fmt_device_multiprocessors(void) { return 0; }
amg_status fmt_device_alloc(void **p, size_t bytes) {
  *p = NULL;
  return bytes ? no_cuda("device_alloc") : AMG_OK;
}
void fmt_device_fill_new(int on) { (void)on; }
void fmt_device_free(void *p) { (void)p; }
amg_status fmt_device_copy(void *dst, const void *src, size_t bytes) {
  return bytes ? no_cuda("device_copy") : AMG_OK;
}
amg_status fmt_device_sync(void) { return no_cuda("device_sync"); }
void fmt_device_profiler(int on) { (void)on; }
size_t fmt_device_bytes_in_use(void) { return 0; }
size_t fmt_device_peak_bytes(void) { return 0; }
void fmt_device_reset_peak(void) {}

amg_status fmt_csr_upload(const fmt_csr *host, fmt_csr **dev) {
  *dev = NULL;
  return no_cuda("csr_upload");
}
amg_status fmt_csr_download(const fmt_csr *dev, fmt_csr **host) {
  *host = NULL;
  return no_cuda("csr_download");
}
amg_status fmt_tile_upload(const fmt_tile *host, fmt_tile **dev) {
  *dev = NULL;
  return no_cuda("tile_upload");
}
amg_status fmt_tile_download(const fmt_tile *dev, fmt_tile **host) {
  *host = NULL;
  return no_cuda("tile_download");
}
amg_status fmt_tile_from_csr_device(const fmt_csr *dev_csr, fmt_tile **dev_tile) {
  *dev_tile = NULL;
  return no_cuda("tile_from_csr_device");
}
amg_status fmt_tile_to_csr_device(const fmt_tile *dev_tile, fmt_csr **dev_csr) {
  *dev_csr = NULL;
  return no_cuda("tile_to_csr_device");
}
amg_status fmt_tile_transpose_device(const fmt_tile *dev_a, fmt_tile **dev_at) {
  *dev_at = NULL;
  return no_cuda("tile_transpose_device");
}
amg_status fmt_tile_is_symmetric_device(const fmt_tile *dev_a, int *symmetric) {
  *symmetric = 0;
  return no_cuda("tile_is_symmetric_device");
}
amg_status fmt_tile_mirror_upper_device(const fmt_tile *dev_u, fmt_tile **dev_c) {
  *dev_c = NULL;
  return no_cuda("tile_mirror_upper_device");
}
amg_status fmt_tile_columns_create_device(const fmt_tile *dev_a, fmt_tile_columns **out) {
  *out = NULL;
  return no_cuda("tile_columns_create_device");
}
amg_status fmt_tile_columns_from_transpose_device(const fmt_tile *a, const fmt_tile *at, fmt_tile_columns **out) {
  (void)a;
  (void)at;
  *out = NULL;
  return no_cuda("tile_columns_from_transpose_device");
}
amg_status fmt_timer_create(fmt_timer **t) {
  *t = NULL;
  return no_cuda("timer_create");
}
void fmt_timer_destroy(fmt_timer *t) { (void)t; }
amg_status fmt_timer_start(fmt_timer *t) { return no_cuda("timer_start"); }
amg_status fmt_timer_stop(fmt_timer *t, double *ms) {
  *ms = 0;
  return no_cuda("timer_stop");
}
amg_status fmt_device_copy_any(void *dst, int dst_device, const void *src, int src_device, size_t bytes) {
  return no_cuda("device copy");
}
amg_status fmt_tile_select_device(const fmt_tile *a, const uint16_t *keep, fmt_tile **out) {
  *out = NULL;
  return no_cuda("tile_select_device");
}
amg_status fmt_graph_begin(void) { return no_cuda("graph_begin"); }
amg_status fmt_graph_end(fmt_graph **out) {
  *out = NULL;
  return no_cuda("graph_end");
}
amg_status fmt_graph_launch(const fmt_graph *g) { return no_cuda("graph_launch"); }
void fmt_graph_destroy(fmt_graph *g) { (void)g; }
amg_status fmt_pinned_alloc(void **p, size_t bytes) {
  *p = NULL;
  return no_cuda("pinned_alloc");
}
void fmt_pinned_free(void *p) { (void)p; }
amg_status fmt_copy_to_host_async(void *dst, const void *src, size_t bytes) { return no_cuda("copy_to_host"); }
