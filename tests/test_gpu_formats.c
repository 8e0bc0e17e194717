/* GPU conversions, transpose, tile-column order, symmetry check and mirror
 * against the host references. The tile layout is canonical, so GPU and CPU results must be
 * bitwise identical, and two GPU runs likewise. */
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

/* Copies a device fmt_tile_columns to the host through a tile-sized download. */
static fmt_tile_columns *download_columns(const fmt_tile_columns *d);

/* A host copy of a with every row's entries in reverse column order. */
static fmt_csr *reversed_rows(const fmt_csr *a) {
  fmt_csr *r = NULL;
  if (fmt_csr_create(a->m, a->n, a->nnz, FMT_HOST, &r) != AMG_OK)
    return NULL;
  memcpy(r->row_ptr, a->row_ptr, ((size_t)a->m + 1) * sizeof *r->row_ptr);
  for (int32_t i = 0; i < a->m; i++)
    for (int64_t k = a->row_ptr[i], q = a->row_ptr[i + 1] - 1; q >= a->row_ptr[i]; k++, q--) {
      r->col[k] = a->col[q];
      r->val[k] = a->val[q];
    }
  return r;
}

/* Rows in reverse order take the radix-sort path; the tiles must be the same. */
static void check_unsorted(const fmt_csr *a, const fmt_tile *host_tile, const char *name) {
  fmt_csr *rev = reversed_rows(a), *dev = NULL;
  fmt_tile *dev_tile = NULL, *got = NULL;
  CHECK(rev != NULL, "%s: reversed copy", name);
  if (rev)
    CHECK_OK(fmt_csr_upload(rev, &dev));
  if (dev)
    CHECK_OK(fmt_tile_from_csr_device(dev, &dev_tile));
  if (dev_tile)
    CHECK_OK(fmt_tile_download(dev_tile, &got));
  if (got)
    CHECK(test_tile_identical(got, host_tile), "%s: GPU CSR->tile of unsorted rows differs", name);
  fmt_csr_destroy(rev);
  fmt_csr_destroy(dev);
  fmt_tile_destroy(dev_tile);
  fmt_tile_destroy(got);
}

/* A 0 x 0 matrix converts to a tile matrix with no tiles. */
static void check_empty(void) {
  fmt_csr *h = NULL, *dev = NULL;
  fmt_tile *t = NULL, *got = NULL;
  CHECK_OK(fmt_csr_create(0, 0, 0, FMT_HOST, &h));
  if (h)
    CHECK_OK(fmt_csr_upload(h, &dev));
  if (dev)
    CHECK_OK(fmt_tile_from_csr_device(dev, &t));
  if (t)
    CHECK_OK(fmt_tile_download(t, &got));
  if (got) {
    CHECK_OK(fmt_tile_validate(got));
    CHECK(got->num_tiles == 0 && got->nnz == 0 && got->tile_m == 0, "0 x 0: tiles or entries");
  }
  fmt_tile_destroy(got);
  fmt_tile_destroy(t);
  fmt_csr_destroy(dev);
  fmt_csr_destroy(h);
}

/* A device CSR whose row 1 holds the columns `cols` (the other rows hold
 * their diagonal) must be refused with a message, not converted. */
static void check_refused(const int32_t *cols, int count, const char *what) {
  fmt_csr *h = NULL, *dev = NULL;
  fmt_tile *t = NULL;
  CHECK_OK(fmt_csr_create(40, 40, 39 + count, FMT_HOST, &h));
  if (!h)
    return;
  int64_t k = 0;
  for (int32_t i = 0; i < 40; i++) {
    h->row_ptr[i] = k;
    for (int j = 0; j < (i == 1 ? count : 1); j++, k++) {
      h->col[k] = i == 1 ? cols[j] : i;
      h->val[k] = 1.0;
    }
  }
  h->row_ptr[40] = k;
  CHECK_OK(fmt_csr_upload(h, &dev));
  if (dev)
    CHECK_ERROR(fmt_tile_from_csr_device(dev, &t), AMG_ERR_INVALID_MATRIX, "column index");
  CHECK(t == NULL, "%s: no matrix after the refusal", what);
  fmt_tile_destroy(t);
  fmt_csr_destroy(dev);
  fmt_csr_destroy(h);
}

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
  if (host_tile)
    check_unsorted(a, host_tile, name);
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
  CHECK(got_cols && host_cols && test_columns_identical(got_cols, host_cols),
        "%s: GPU tile-column order differs", name);
  fmt_tile_columns_destroy(dev_cols);
  fmt_tile_columns_destroy(got_cols);
  dev_cols = got_cols = NULL;
  if (dev_t)
    CHECK_OK(fmt_tile_columns_from_transpose(dev_tile, dev_t, &dev_cols));
  got_cols = dev_cols ? download_columns(dev_cols) : NULL;
  CHECK(got_cols && host_cols && test_columns_identical(got_cols, host_cols),
        "%s: GPU tile-column order read from the transpose differs", name);
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

/* A matrix of exactly `tiles` tiles, 64 per tile row (the last row takes
 * the rest), scattered over 163 tile columns, one entry per tile. */
static fmt_csr *tiles_csr(int tiles) {
  const int per_row = 64, tile_n = 163;
  int tile_rows = (tiles + per_row - 1) / per_row;
  fmt_csr *a = NULL;
  if (fmt_csr_create(16 * tile_rows, 16 * tile_n, tiles, FMT_HOST, &a) != AMG_OK)
    return NULL;
  int64_t k = 0;
  for (int32_t row = 0; row < a->m; row++) {
    a->row_ptr[row] = k;
    int i = row / 16, here = i + 1 < tile_rows ? per_row : tiles - i * per_row;
    if (row % 16 != i % 16)
      continue;
    unsigned char used[163] = {0};
    for (int c = 0; c < here; c++)
      used[(i * 37 + c * 11) % tile_n] = 1; /* distinct: 11 is invertible mod 163 */
    for (int j = 0; j < tile_n; j++)
      if (used[j]) {
        a->col[k] = 16 * j + (i + j) % 16;
        a->val[k++] = 1.0 + j;
      }
  }
  a->row_ptr[a->m] = k;
  return a;
}

/* The device column order has two forms by tile count (tile_columns.cu):
 * one block's sort up to 4096 tiles, CUB's beyond. Each side of the limit
 * goes through check_matrix. */
static void check_column_sort_sizes(void) {
  const int sizes[] = {4096, 4097};
  for (int q = 0; q < 2; q++) {
    fmt_csr *a = tiles_csr(sizes[q]);
    fmt_tile *t = NULL;
    CHECK(a != NULL, "a matrix of %d tiles", sizes[q]);
    if (!a)
      continue;
    CHECK_OK(fmt_tile_from_csr(a, &t));
    CHECK(t && t->num_tiles == sizes[q], "the matrix built for %d tiles has %lld", sizes[q],
          t ? (long long)t->num_tiles : -1LL);
    char name[64];
    snprintf(name, sizeof name, "%d tiles over 163 tile columns", sizes[q]);
    check_matrix(a, name);
    fmt_tile_destroy(t);
    fmt_csr_destroy(a);
  }
}

/* An arrow: row 0, column 0 and the diagonal. Its tile columns average
 * under 16 tiles, so the column order read from the transpose takes 8
 * lanes per column (tile_columns.cu), and column 0 (300 tiles) makes them
 * loop. */
static void check_arrow(void) {
  const int32_t n = 16 * 300;
  fmt_csr *a = NULL;
  CHECK_OK(fmt_csr_create(n, n, 3 * (int64_t)n - 2, FMT_HOST, &a));
  if (!a)
    return;
  int64_t k = 0;
  for (int32_t i = 0; i < n; i++) {
    a->row_ptr[i] = k;
    if (i > 0) {
      a->col[k] = 0;
      a->val[k++] = -1.0;
    }
    for (int32_t j = i == 0 ? 0 : i; j < (i == 0 ? n : i + 1); j++) {
      a->col[k] = j;
      a->val[k++] = j == i ? 4.0 : -1.0 - j % 7;
    }
  }
  a->row_ptr[n] = k;
  CHECK(k == a->nnz, "arrow: %lld entries, expected %lld", (long long)k, (long long)a->nnz);
  check_matrix(a, "arrow 4800x4800");
  fmt_csr_destroy(a);
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

static int device_symmetric(const fmt_csr *a) {
  fmt_tile *t = NULL, *d = NULL;
  int yes = -1;
  CHECK_OK(fmt_tile_from_csr(a, &t));
  CHECK_OK(fmt_tile_upload(t, &d));
  if (d)
    CHECK_OK(fmt_tile_is_symmetric_device(d, &yes));
  fmt_tile_destroy(t);
  fmt_tile_destroy(d);
  return yes;
}

/* The GPU symmetry check and mirror against the host's: the same answers
 * and bitwise the same mirrored matrices (tile_mirror.cu). */
static void check_mirror(const fmt_csr *a, const char *name) {
  CHECK(device_symmetric(a) == 1, "%s: the GPU does not find it symmetric", name);
  for (int junk = 0; junk < 2; junk++) {
    fmt_csr *u = test_upper_tiles(a, junk);
    fmt_tile *tu = NULL, *du = NULL, *want = NULL, *dc = NULL, *got = NULL;
    CHECK_OK(fmt_tile_from_csr(u, &tu));
    CHECK_OK(fmt_tile_upload(tu, &du));
    if (tu)
      CHECK_OK(fmt_tile_mirror_upper(tu, &want));
    if (du)
      CHECK_OK(fmt_tile_mirror_upper(du, &dc));
    if (dc)
      CHECK_OK(fmt_tile_download(dc, &got));
    if (got && want) {
      CHECK_OK(fmt_tile_validate(got));
      CHECK(test_tile_identical(got, want), "%s: GPU mirror (junk %d) differs from the host's", name, junk);
    }
    if (u && a->m > FMT_TILE && junk) /* tiles above the diagonal lack their transposes */
      CHECK(device_symmetric(u) == 0, "%s: the GPU finds its upper tiles symmetric", name);
    fmt_tile_destroy(tu);
    fmt_tile_destroy(du);
    fmt_tile_destroy(want);
    fmt_tile_destroy(dc);
    fmt_tile_destroy(got);
    fmt_csr_destroy(u);
  }
}

/* A tile below the diagonal is refused on the GPU; a rectangular or
 * unsymmetric matrix is not symmetric. */
static void check_mirror_refused(void) {
  fmt_csr *below = test_random_csr(40, 40, 0.1, 131, 0, 0), *wide = test_random_csr(20, 30, 0.3, 132, 0, 0);
  fmt_tile *t = NULL, *d = NULL, *c = NULL;
  CHECK_OK(fmt_tile_from_csr(below, &t));
  CHECK_OK(fmt_tile_upload(t, &d));
  if (d)
    CHECK_ERROR(fmt_tile_mirror_upper(d, &c), AMG_ERR_ARG, "below the diagonal");
  CHECK(device_symmetric(below) == 0, "random 40x40: the GPU finds it symmetric");
  CHECK(device_symmetric(wide) == 0, "random 20x30: the GPU finds it symmetric");
  fmt_tile_destroy(t);
  fmt_tile_destroy(d);
  fmt_csr_destroy(below);
  fmt_csr_destroy(wide);
}

int main(void) {
  test_require_device("test_gpu_formats");
  const char *name;
  fmt_csr *a;
  for (int i = 0; (a = test_symmetric_matrix(i, &name)) != NULL; i++) {
    check_mirror(a, name);
    fmt_csr_destroy(a);
  }
  CHECK_OK(fmt_poisson(27, 40, &a));
  if (a)
    check_mirror(a, "poisson 3D 27-point n=40");
  fmt_csr_destroy(a);
  check_mirror_refused();
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
  check_column_sort_sizes();
  check_arrow();
  const int32_t past_end[] = {0, 17, 40}, negative[] = {-3, 1}, repeated[] = {1, 5, 5, 30},
                repeated_unsorted[] = {30, 5, 5, 1}, apart_unsorted[] = {5, 30, 5},
                past_end_unsorted[] = {30, 40, 2};
  check_refused(past_end, 3, "column = n");
  check_refused(negative, 2, "negative column");
  check_refused(repeated, 4, "repeated column");
  check_refused(repeated_unsorted, 4, "adjacent repeat in an unsorted row");
  check_refused(apart_unsorted, 3, "repeat apart in an unsorted row (found after the sort)");
  check_refused(past_end_unsorted, 3, "column = n in an unsorted row");
  check_empty();
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
