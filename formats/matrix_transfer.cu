/* Host <-> device copies of CSR and tile matrices. The device copy has the
 * same layout; only the counted part of each array moves. Each call waits for
 * its copies, so the source may be freed on return. */
#include "cuda_check.cuh"
#include "fmt_internal.h"

static amg_status copy(void *dst, const void *src, int64_t count, size_t elem, cudaMemcpyKind kind) {
  if (count <= 0)
    return AMG_OK;
  AMG_CUDA_TRY(cudaMemcpyAsync(dst, src, (size_t)count * elem, kind, fmt_stream()));
  return AMG_OK;
}

static amg_status copy_csr(const fmt_csr *src, fmt_csr *dst, cudaMemcpyKind kind) {
  amg_status s = copy(dst->row_ptr, src->row_ptr, (int64_t)src->m + 1, sizeof *src->row_ptr, kind);
  if (s == AMG_OK)
    s = copy(dst->col, src->col, src->nnz, sizeof *src->col, kind);
  if (s == AMG_OK)
    s = copy(dst->val, src->val, src->nnz, sizeof *src->val, kind);
  if (s == AMG_OK)
    s = fmt_device_sync();
  return s;
}

static amg_status copy_tile(const fmt_tile *src, fmt_tile *dst, cudaMemcpyKind kind) {
  int64_t nt = src->num_tiles;
  amg_status s = copy(dst->tile_ptr, src->tile_ptr, (int64_t)src->tile_m + 1, sizeof *src->tile_ptr, kind);
  if (s == AMG_OK)
    s = copy(dst->tile_col, src->tile_col, nt, sizeof *src->tile_col, kind);
  if (s == AMG_OK)
    s = copy(dst->tile_nnz, src->tile_nnz, nt + 1, sizeof *src->tile_nnz, kind);
  if (s == AMG_OK)
    s = copy(dst->row_ptr, src->row_ptr, FMT_TILE * nt, sizeof *src->row_ptr, kind);
  if (s == AMG_OK)
    s = copy(dst->mask, src->mask, FMT_TILE * nt, sizeof *src->mask, kind);
  if (s == AMG_OK)
    s = copy(dst->idx, src->idx, src->nnz, sizeof *src->idx, kind);
  if (s == AMG_OK)
    s = copy(dst->val, src->val, src->nnz, sizeof *src->val, kind);
  if (s == AMG_OK)
    s = fmt_device_sync();
  return s;
}

extern "C" amg_status fmt_csr_upload(const fmt_csr *host, fmt_csr **dev) {
  if (!dev)
    return amg_error(AMG_ERR_ARG, "csr_upload: dev is NULL");
  *dev = NULL;
  if (!host)
    return amg_error(AMG_ERR_ARG, "csr_upload: host is NULL");
  if (host->loc != FMT_HOST)
    return amg_error(AMG_ERR_ARG, "csr_upload: need a host matrix");
  fmt_csr *d = NULL;
  amg_status s = fmt_csr_create(host->m, host->n, host->nnz, FMT_DEVICE, &d);
  if (s == AMG_OK)
    s = copy_csr(host, d, cudaMemcpyHostToDevice);
  if (s != AMG_OK)
    fmt_csr_destroy(d);
  else
    *dev = d;
  return s;
}

extern "C" amg_status fmt_csr_download(const fmt_csr *dev, fmt_csr **host) {
  if (!host)
    return amg_error(AMG_ERR_ARG, "csr_download: host is NULL");
  *host = NULL;
  if (!dev)
    return amg_error(AMG_ERR_ARG, "csr_download: dev is NULL");
  if (dev->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "csr_download: need a device matrix");
  fmt_csr *h = NULL;
  amg_status s = fmt_csr_create(dev->m, dev->n, dev->nnz, FMT_HOST, &h);
  if (s == AMG_OK)
    s = copy_csr(dev, h, cudaMemcpyDeviceToHost);
  if (s != AMG_OK)
    fmt_csr_destroy(h);
  else
    *host = h;
  return s;
}

extern "C" amg_status fmt_tile_upload(const fmt_tile *host, fmt_tile **dev) {
  if (!dev)
    return amg_error(AMG_ERR_ARG, "tile_upload: dev is NULL");
  *dev = NULL;
  if (!host)
    return amg_error(AMG_ERR_ARG, "tile_upload: host is NULL");
  if (host->loc != FMT_HOST)
    return amg_error(AMG_ERR_ARG, "tile_upload: need a host matrix");
  fmt_tile *d = NULL;
  amg_status s = fmt_tile_create(host->m, host->n, host->num_tiles, host->nnz, FMT_DEVICE, &d);
  if (s == AMG_OK)
    s = copy_tile(host, d, cudaMemcpyHostToDevice);
  if (s != AMG_OK)
    fmt_tile_destroy(d);
  else
    *dev = d;
  return s;
}

extern "C" amg_status fmt_tile_download(const fmt_tile *dev, fmt_tile **host) {
  if (!host)
    return amg_error(AMG_ERR_ARG, "tile_download: host is NULL");
  *host = NULL;
  if (!dev)
    return amg_error(AMG_ERR_ARG, "tile_download: dev is NULL");
  if (dev->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "tile_download: need a device matrix");
  fmt_tile *h = NULL;
  amg_status s = fmt_tile_create(dev->m, dev->n, dev->num_tiles, dev->nnz, FMT_HOST, &h);
  if (s == AMG_OK)
    s = copy_tile(dev, h, cudaMemcpyDeviceToHost);
  if (s != AMG_OK)
    fmt_tile_destroy(h);
  else
    *host = h;
  return s;
}
