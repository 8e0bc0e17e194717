/* GPU conversions, transpose and tile-column order against the host
 * references. The tile layout is canonical, so GPU and CPU results must be
 * bitwise identical, and two GPU runs likewise. */
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

static int columns_identical(const fmt_tile_columns *x, const fmt_tile_columns *y) {
  return x->tile_n == y->tile_n && x->num_tiles == y->num_tiles &&
         !memcmp(x->col_ptr, y->col_ptr, ((size_t)x->tile_n + 1) * sizeof *x->col_ptr) &&
         !memcmp(x->row, y->row, (size_t)x->num_tiles * sizeof *x->row) &&
         !memcmp(x->tile, y->tile, (size_t)x->num_tiles * sizeof *x->tile);
}

/* Copies a device fmt_tile_columns to the host through a tile-sized download. */
static fmt_tile_columns *download_columns(const fmt_tile_columns *d);

static void check_matrix(const fmt_csr *a, const char *name) {
  fmt_tile *host_tile = NULL, *host_t = NULL, *dev_tile = NULL, *dev_tile2 = NULL, *dev_t = NULL;
  fmt_tile *got = NULL, *got2 = NULL, *got_t = NULL;
  fmt_csr *dev_csr = NULL, *dev_back = NULL, *back = NULL;
  fmt_tile_columns *host_cols = NULL, *dev_cols = NULL, *got_cols = NULL;
  CHECK_OK(fmt_tile_from_csr(a, &host_tile));
  CHECK_OK(fmt_tile_transpose(host_tile, &host_t));
  CHECK_OK(fmt_tile_columns_create(host_tile, &host_cols));
  CHECK_OK(fmt_csr_upload(a, &dev_csr));
  CHECK_OK(fmt_tile_from_csr_device(dev_csr, &dev_tile));
  CHECK_OK(fmt_tile_from_csr_device(dev_csr, &dev_tile2));
  CHECK_OK(fmt_tile_download(dev_tile, &got));
  CHECK_OK(fmt_tile_download(dev_tile2, &got2));
  if (got) {
    CHECK_OK(fmt_tile_validate(got));
    CHECK(test_tile_identical(got, host_tile), "%s: GPU CSR->tile differs from the host", name);
    CHECK(got2 && test_tile_identical(got, got2), "%s: two GPU conversions differ", name);
  }
  CHECK_OK(fmt_tile_to_csr_device(dev_tile, &dev_back));
  CHECK_OK(fmt_csr_download(dev_back, &back));
  if (back)
    CHECK(test_csr_equal(back, a, 0.0, 0.0, name), "%s: GPU tile->CSR differs", name);
  CHECK_OK(fmt_tile_transpose_device(dev_tile, &dev_t));
  CHECK_OK(fmt_tile_download(dev_t, &got_t));
  if (got_t) {
    CHECK_OK(fmt_tile_validate(got_t));
    CHECK(test_tile_identical(got_t, host_t), "%s: GPU transpose differs from the host", name);
  }
  CHECK_OK(fmt_tile_columns_create(dev_tile, &dev_cols));
  got_cols = dev_cols ? download_columns(dev_cols) : NULL;
  CHECK(got_cols && host_cols && columns_identical(got_cols, host_cols),
        "%s: GPU tile-column order differs", name);
  fmt_tile_destroy(host_tile);
  fmt_tile_destroy(host_t);
  fmt_tile_destroy(dev_tile);
  fmt_tile_destroy(dev_tile2);
  fmt_tile_destroy(dev_t);
  fmt_tile_destroy(got);
  fmt_tile_destroy(got2);
  fmt_tile_destroy(got_t);
  fmt_csr_destroy(dev_csr);
  fmt_csr_destroy(dev_back);
  fmt_csr_destroy(back);
  fmt_tile_columns_destroy(host_cols);
  fmt_tile_columns_destroy(dev_cols);
  fmt_tile_columns_destroy(got_cols);
}

/* A column order is three arrays; pack them into a scratch tile matrix's
 * spare arrays would be obscure, so reuse CSR downloads: col_ptr as row_ptr,
 * row as col, tile reinterpreted through val (both 8 bytes). */
static fmt_tile_columns *download_columns(const fmt_tile_columns *d) {
  fmt_csr shape = {.m = d->tile_n, .n = 0, .nnz = d->num_tiles, .loc = FMT_DEVICE,
                   .row_ptr = d->col_ptr, .col = d->row, .val = (double *)d->tile};
  fmt_csr *h = NULL;
  if (fmt_csr_download(&shape, &h) != AMG_OK)
    return NULL;
  fmt_tile_columns *c = malloc(sizeof *c);
  *c = (fmt_tile_columns){.tile_n = d->tile_n, .num_tiles = d->num_tiles, .loc = FMT_HOST,
                          .col_ptr = h->row_ptr, .row = h->col, .tile = (int64_t *)h->val};
  free(h);
  return c;
}

int main(void) {
  test_require_device("test_gpu_formats");
  const char *name;
  fmt_csr *a;
  for (int i = 0; (a = test_matrix(i, &name)) != NULL; i++) {
    check_matrix(a, name);
    fmt_csr_destroy(a);
  }
  /* A larger Poisson matrix exercises multi-block launches and the scans. */
  CHECK_OK(fmt_poisson(27, 40, &a));
  if (a)
    check_matrix(a, "poisson 3D 27-point n=40");
  fmt_csr_destroy(a);
  a = test_random_csr(3001, 2999, 0.002, 77, 0, 0);
  check_matrix(a, "random 3001x2999 d=0.002");
  fmt_csr_destroy(a);
  /* Running out of device memory is a status with a message, not a crash,
   * and the library stays usable afterwards. (Left out under the sanitizers,
   * AMG_TEST_QUICK, which report the refused allocation as an API error.) */
  if (getenv("AMG_TEST_QUICK")) {
    printf("AMG_TEST_QUICK: the out-of-memory checks are not run\n");
    return test_finish("test_gpu_formats");
  }
  void *huge = NULL;
  CHECK_ERROR(fmt_device_alloc(&huge, (size_t)1 << 50), AMG_ERR_DEVICE_NOMEM, "bytes");
  CHECK(huge == NULL, "no pointer after a failed allocation");
  fmt_tile *big = NULL;
  CHECK_ERROR(fmt_tile_create(1 << 30, 1 << 30, (int64_t)1 << 40, (int64_t)1 << 44, FMT_DEVICE, &big),
              AMG_ERR_DEVICE_NOMEM, "device allocation");
  CHECK(big == NULL, "no matrix after a failed allocation");
  CHECK_OK(fmt_poisson(5, 8, &a));
  if (a)
    check_matrix(a, "poisson 2D n=8 after the failed allocations");
  fmt_csr_destroy(a);
  return test_finish("test_gpu_formats");
}
