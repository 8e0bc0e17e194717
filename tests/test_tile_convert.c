/* CSR <-> tile conversion on the host: invariants, exact round trips,
 * tile counts checked by brute force, a hand-built example, bad input;
 * fmt_alloc's sizes and NULL arguments across formats.h. */
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

/* Distinct (i/16, j/16) blocks, counted with a dense bitmap: an independent count. */
static int64_t count_blocks(const fmt_csr *a) {
  int32_t tm = fmt_tiles_for(a->m), tn = fmt_tiles_for(a->n);
  char *seen = calloc((size_t)tm * tn + 1, 1);
  int64_t count = 0;
  for (int32_t i = 0; i < a->m; i++)
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++) {
      char *s = &seen[(size_t)(i / 16) * tn + a->col[k] / 16];
      count += !*s;
      *s = 1;
    }
  free(seen);
  return count;
}

static void round_trip(const fmt_csr *a, const char *name) {
  fmt_tile *t = NULL;
  fmt_csr *back = NULL;
  CHECK_OK(fmt_tile_from_csr(a, &t));
  if (!t)
    return;
  CHECK_OK(fmt_tile_validate(t));
  CHECK(t->nnz == a->nnz, "%s: nnz %lld vs %lld", name, (long long)t->nnz, (long long)a->nnz);
  CHECK(t->num_tiles == count_blocks(a), "%s: %lld tiles, brute force says %lld", name,
        (long long)t->num_tiles, (long long)count_blocks(a));
  CHECK_OK(fmt_tile_to_csr(t, &back));
  if (back)
    CHECK(test_csr_equal(back, a, 0.0, 0.0, name), "%s: round trip differs", name);
  fmt_csr_destroy(back);
  fmt_tile_destroy(t);
}

/* 3 x 18 with (0,0)=1, (0,17)=2, (2,16)=3, (2,1)=4: two tiles, known by hand. */
static void hand_example(void) {
  const int64_t rp[] = {0, 2, 2, 4};
  const int32_t col[] = {0, 17, 1, 16};
  const double val[] = {1, 2, 4, 3};
  fmt_csr *a = test_csr_from(3, 18, rp, col, val);
  CHECK(a != NULL, "hand: the 3 x 18 matrix");
  if (!a)
    return;
  fmt_tile *t = NULL;
  CHECK_OK(fmt_tile_from_csr(a, &t));
  CHECK(t && t->tile_m == 1 && t->tile_n == 2 && t->num_tiles == 2, "hand: tile counts");
  if (t && t->num_tiles == 2) {
    CHECK(t->tile_col[0] == 0 && t->tile_col[1] == 1, "hand: tile columns");
    CHECK(t->tile_nnz[1] == 2 && t->tile_nnz[2] == 4, "hand: tile offsets");
    CHECK(t->mask[0] == 0x1 && t->mask[2] == 0x2, "hand: tile 0 masks %x %x", t->mask[0], t->mask[2]);
    CHECK(t->mask[16] == 0x2 && t->mask[18] == 0x1, "hand: tile 1 masks %x %x", t->mask[16], t->mask[18]);
    CHECK(t->row_ptr[0] == 0 && t->row_ptr[1] == 1 && t->row_ptr[2] == 1 && t->row_ptr[3] == 2,
          "hand: tile 0 row_ptr");
    CHECK(t->idx[0] == 0x00 && t->idx[1] == 0x21 && t->idx[2] == 0x01 && t->idx[3] == 0x20,
          "hand: idx %02x %02x %02x %02x", t->idx[0], t->idx[1], t->idx[2], t->idx[3]);
    CHECK(t->val[0] == 1 && t->val[1] == 4 && t->val[2] == 2 && t->val[3] == 3, "hand: values");
  }
  fmt_tile_destroy(t);
  /* Unsorted columns are rejected, not silently converted. */
  a->col[0] = 17;
  a->col[1] = 0;
  t = NULL;
  CHECK_ERROR(fmt_tile_from_csr(a, &t), AMG_ERR_INVALID_MATRIX, "row 0");
  CHECK(t == NULL, "no output on error");
  fmt_csr_destroy(a);
}

/* fmt_tile_create_with takes over the arrays it is given, leaves NULL in
 * their place, and allocates the others; on failure it frees them. */
static void create_with_given_arrays(void) {
  fmt_tile given = {0}, *t = NULL;
  int64_t *tile_ptr = malloc(3 * sizeof *tile_ptr);
  uint16_t *mask = malloc(FMT_TILE * 4 * sizeof *mask);
  given.tile_ptr = tile_ptr;
  given.mask = mask;
  CHECK_OK(fmt_tile_create_with(20, 40, 4, 9, FMT_HOST, &given, &t));
  CHECK(t && t->tile_ptr == tile_ptr && t->mask == mask, "create_with: the given arrays are not C's");
  CHECK(given.tile_ptr == NULL && given.mask == NULL, "create_with: the given arrays are still in given");
  CHECK(t && t->tile_col && t->tile_nnz && t->row_ptr && t->idx && t->val, "create_with: an array is missing");
  CHECK(t && t->tile_m == 2 && t->tile_n == 3 && t->num_tiles == 4 && t->nnz == 9, "create_with: counts");
  fmt_tile_destroy(t); /* frees the given arrays with the others */
  t = NULL;
  given.tile_col = malloc(sizeof *given.tile_col);
  CHECK_ERROR(fmt_tile_create_with(-1, 4, 1, 1, FMT_HOST, &given, &t), AMG_ERR_ARG, "negative size");
  CHECK(t == NULL && given.tile_col == NULL, "create_with: output on error, or the given array kept");
  given.tile_col = malloc(sizeof *given.tile_col);
  CHECK_ERROR(fmt_tile_create_with(FMT_MAX_DIM + 1, 16, 0, 0, FMT_HOST, &given, &t), AMG_ERR_OVERFLOW,
              "largest size");
  CHECK(t == NULL && given.tile_col == NULL, "create_with: output on overflow, or the given array kept");
}

/* Sizes past FMT_MAX_DIM are refused before any allocation, so that tile
 * index * 16 + 15 always fits in int32; fmt_tiles_for itself cannot wrap. */
static void largest_size(void) {
  CHECK(FMT_MAX_DIM % FMT_TILE == 0 && FMT_MAX_DIM > INT32_MAX - FMT_TILE, "FMT_MAX_DIM");
  CHECK(fmt_tiles_for(INT32_MAX) == 134217728 && fmt_tiles_for(FMT_MAX_DIM) == 134217727 &&
            fmt_tiles_for(17) == 2 && fmt_tiles_for(0) == 0,
        "fmt_tiles_for near 2^31");
  fmt_csr *a = NULL;
  CHECK_ERROR(fmt_csr_create(16, INT32_MAX, 0, FMT_HOST, &a), AMG_ERR_OVERFLOW, "largest size");
  CHECK_ERROR(fmt_csr_create(FMT_MAX_DIM + 1, 16, 0, FMT_HOST, &a), AMG_ERR_OVERFLOW, "largest size");
  CHECK(a == NULL, "csr_create: output on overflow");
  fmt_tile *t = NULL;
  CHECK_ERROR(fmt_tile_create(16, INT32_MAX, 0, 0, FMT_HOST, &t), AMG_ERR_OVERFLOW, "largest size");
  CHECK(t == NULL, "tile_create: output on overflow");
}

/* fmt_alloc's sizes: element size 0 is refused (it divided by zero), and
 * count * elem is refused exactly when it passes SIZE_MAX. */
static void alloc_sizes(void) {
  void *p = &p;
  CHECK_ERROR(fmt_alloc(&p, 4, 0, FMT_HOST), AMG_ERR_ARG, "element size 0");
  CHECK(p == NULL, "alloc: output on error");
  CHECK_ERROR(fmt_alloc(&p, 0, 0, FMT_HOST), AMG_ERR_ARG, "element size 0");
  CHECK_ERROR(fmt_alloc(&p, -1, 8, FMT_HOST), AMG_ERR_ARG, "negative");
  CHECK_ERROR(fmt_alloc(&p, (int64_t)(SIZE_MAX / 8) + 1, 8, FMT_HOST), AMG_ERR_OVERFLOW, "overflows");
  CHECK_ERROR(fmt_alloc(&p, 2, SIZE_MAX / 2 + 1, FMT_HOST), AMG_ERR_OVERFLOW, "overflows");
  CHECK_ERROR(fmt_alloc(&p, INT64_MAX, 3, FMT_DEVICE), AMG_ERR_OVERFLOW, "overflows");
  CHECK_OK(fmt_alloc(&p, 0, SIZE_MAX, FMT_HOST)); /* 0 bytes */
  fmt_free(p, FMT_HOST);
  CHECK_OK(fmt_alloc(&p, 3, 8, FMT_HOST));
  fmt_free(p, FMT_HOST);
  fmt_sort_int32(NULL, 0);
  fmt_sort_double(NULL, 0);
  /* tile counts whose 16 rows per tile overflow int64 (once signed overflow, then out of memory) */
  fmt_tile *t = NULL;
  CHECK_ERROR(fmt_tile_create(16, 16, INT64_MAX, 0, FMT_HOST, &t), AMG_ERR_OVERFLOW, "overflow a 64-bit count");
  CHECK_ERROR(fmt_tile_create(16, 16, INT64_MAX / 16 + 1, 0, FMT_HOST, &t), AMG_ERR_OVERFLOW, "tiles");
  CHECK(t == NULL, "tile_create: output on error");
}

/* A NULL pointer argument, input or output, is AMG_ERR_ARG naming the
 * function and the argument, in every function of formats.h that returns a
 * status (the device ones are refused before any CUDA call, so this runs
 * with or without CUDA and a GPU). Many of these crashed. */
static void null_arguments(void) {
  fmt_csr *a = NULL, *c = NULL;
  fmt_tile *t = NULL, *tt = NULL, *o = NULL, *empty = NULL;
  fmt_tile_columns *cols = NULL;
  CHECK_OK(fmt_poisson(5, 5, &a));
  CHECK_OK(fmt_tile_from_csr(a, &t));
  CHECK_OK(fmt_tile_transpose(t, &tt));
  CHECK_OK(fmt_tile_create(16, 16, 0, 0, FMT_HOST, &empty));
  if (!a || !t || !tt || !empty)
    return;
  empty->tile_ptr[0] = empty->tile_ptr[1] = 0;
  empty->tile_nnz[0] = 0;
  uint16_t keep[FMT_TILE * 4] = {0};
  double buf[4] = {0}, ms = 0;
  int symmetric = 0;

  CHECK_ERROR(fmt_alloc(NULL, 4, 8, FMT_HOST), AMG_ERR_ARG, "alloc: p is NULL");
  CHECK_ERROR(fmt_copy(NULL, FMT_HOST, buf, FMT_HOST, 8), AMG_ERR_ARG, "copy: dst is NULL");
  CHECK_ERROR(fmt_copy(buf, FMT_HOST, NULL, FMT_HOST, 8), AMG_ERR_ARG, "copy: src is NULL");
  CHECK_OK(fmt_copy(NULL, FMT_HOST, NULL, FMT_HOST, 0));
  CHECK_ERROR(fmt_csr_create(4, 4, 0, FMT_HOST, NULL), AMG_ERR_ARG, "csr_create: out is NULL");
  CHECK_ERROR(fmt_csr_validate(NULL), AMG_ERR_ARG, "csr_validate: a is NULL");
  CHECK_ERROR(fmt_csr_transpose(a, NULL), AMG_ERR_ARG, "csr_transpose: out is NULL");
  CHECK_ERROR(fmt_csr_transpose(NULL, &c), AMG_ERR_ARG, "csr_transpose: a is NULL");
  CHECK_ERROR(fmt_csr_check_finite(NULL), AMG_ERR_ARG, "csr_check_finite: a is NULL");
  CHECK_ERROR(fmt_tile_create(4, 4, 0, 0, FMT_HOST, NULL), AMG_ERR_ARG, "tile_create: out is NULL");
  fmt_tile given = {0};
  given.tile_col = malloc(sizeof *given.tile_col);
  CHECK_ERROR(fmt_tile_create_with(4, 4, 1, 1, FMT_HOST, &given, NULL), AMG_ERR_ARG, "tile_create: out is NULL");
  CHECK(given.tile_col == NULL, "create_with: the given array kept on a NULL out");
  CHECK_ERROR(fmt_tile_validate(NULL), AMG_ERR_ARG, "tile_validate: a is NULL");
  CHECK_ERROR(fmt_tile_columns_create(t, NULL), AMG_ERR_ARG, "tile_columns_create: out is NULL");
  CHECK_ERROR(fmt_tile_columns_create(NULL, &cols), AMG_ERR_ARG, "tile_columns_create: a is NULL");
  CHECK_ERROR(fmt_tile_columns_from_transpose(t, tt, NULL), AMG_ERR_ARG, "tile_columns_from_transpose: out is NULL");
  CHECK_ERROR(fmt_tile_columns_from_transpose(NULL, tt, &cols), AMG_ERR_ARG, "tile_columns_from_transpose: a is NULL");
  CHECK_ERROR(fmt_tile_columns_from_transpose(t, NULL, &cols), AMG_ERR_ARG, "tile_columns_from_transpose: at is NULL");
  CHECK_ERROR(fmt_tile_select(t, keep, NULL), AMG_ERR_ARG, "tile_select: out is NULL");
  CHECK_ERROR(fmt_tile_select(NULL, keep, &o), AMG_ERR_ARG, "tile_select: a is NULL");
  CHECK_ERROR(fmt_tile_select(t, NULL, &o), AMG_ERR_ARG, "tile_select: keep is NULL");
  CHECK_OK(fmt_tile_select(empty, NULL, &o)); /* no tile, so no mask to read */
  CHECK(o && o->num_tiles == 0 && o->nnz == 0, "select of a matrix with no tile");
  fmt_tile_destroy(o);
  o = NULL;
  CHECK_ERROR(fmt_tile_is_symmetric(t, NULL), AMG_ERR_ARG, "tile_is_symmetric: symmetric is NULL");
  CHECK_ERROR(fmt_tile_is_symmetric(NULL, &symmetric), AMG_ERR_ARG, "tile_is_symmetric: a is NULL");
  CHECK_ERROR(fmt_tile_mirror_upper(t, NULL), AMG_ERR_ARG, "tile_mirror_upper: out is NULL");
  CHECK_ERROR(fmt_tile_mirror_upper(NULL, &o), AMG_ERR_ARG, "tile_mirror_upper: u is NULL");
  CHECK_ERROR(fmt_tile_from_csr(a, NULL), AMG_ERR_ARG, "tile_from_csr: out is NULL");
  CHECK_ERROR(fmt_tile_from_csr(NULL, &o), AMG_ERR_ARG, "tile_from_csr: a is NULL");
  CHECK_ERROR(fmt_tile_to_csr(t, NULL), AMG_ERR_ARG, "tile_to_csr: out is NULL");
  CHECK_ERROR(fmt_tile_to_csr(NULL, &c), AMG_ERR_ARG, "tile_to_csr: a is NULL");
  CHECK_ERROR(fmt_tile_transpose(t, NULL), AMG_ERR_ARG, "tile_transpose: out is NULL");
  CHECK_ERROR(fmt_tile_transpose(NULL, &o), AMG_ERR_ARG, "tile_transpose: a is NULL");
  CHECK_ERROR(fmt_mm_read("x.mtx", NULL), AMG_ERR_ARG, "mm_read: out is NULL");
  CHECK_ERROR(fmt_mm_read(NULL, &c), AMG_ERR_ARG, "mm_read: path is NULL");
  CHECK_ERROR(fmt_mm_read_system(NULL, &c), AMG_ERR_ARG, "mm_read: path is NULL");
  CHECK_ERROR(fmt_mm_write(NULL, a), AMG_ERR_ARG, "mm_write: path is NULL");
  CHECK_ERROR(fmt_mm_write("x.mtx", NULL), AMG_ERR_ARG, "mm_write: a is NULL");
  CHECK_ERROR(fmt_mm_read_vector(NULL, 2, buf), AMG_ERR_ARG, "mm_read_vector: path is NULL");
  CHECK_ERROR(fmt_mm_read_vector("x.txt", 2, NULL), AMG_ERR_ARG, "mm_read_vector: x is NULL");
  CHECK_ERROR(fmt_mm_write_vector(NULL, 2, buf), AMG_ERR_ARG, "mm_write_vector: path is NULL");
  CHECK_ERROR(fmt_mm_write_vector("x.txt", 2, NULL), AMG_ERR_ARG, "mm_write_vector: x is NULL");
  CHECK_ERROR(fmt_poisson(5, 4, NULL), AMG_ERR_ARG, "poisson: out is NULL");

  CHECK_ERROR(fmt_device_alloc(NULL, 8), AMG_ERR_ARG, "device_alloc: p is NULL");
  CHECK_ERROR(fmt_device_copy(NULL, buf, 8), AMG_ERR_ARG, "device_copy: dst is NULL");
  CHECK_ERROR(fmt_device_copy(buf, NULL, 8), AMG_ERR_ARG, "device_copy: src is NULL");
  CHECK_ERROR(fmt_timer_create(NULL), AMG_ERR_ARG, "timer_create: t is NULL");
  CHECK_ERROR(fmt_timer_start(NULL), AMG_ERR_ARG, "timer_start: t is NULL");
  CHECK_ERROR(fmt_timer_stop(NULL, &ms), AMG_ERR_ARG, "timer_stop: t is NULL");
  CHECK_ERROR(fmt_timer_stop(NULL, NULL), AMG_ERR_ARG, "timer_stop: t is NULL");
  CHECK_ERROR(fmt_graph_end(NULL), AMG_ERR_ARG, "graph_end: out is NULL");
  CHECK_ERROR(fmt_graph_launch(NULL), AMG_ERR_ARG, "graph_launch: g is NULL");
  CHECK_ERROR(fmt_pinned_alloc(NULL, 8), AMG_ERR_ARG, "pinned_alloc: p is NULL");
  CHECK_ERROR(fmt_copy_to_host_async(NULL, buf, 8), AMG_ERR_ARG, "copy_to_host_async: dst is NULL");
  CHECK_ERROR(fmt_copy_to_host_async(buf, NULL, 8), AMG_ERR_ARG, "copy_to_host_async: src is NULL");
  CHECK_ERROR(fmt_csr_upload(a, NULL), AMG_ERR_ARG, "csr_upload: dev is NULL");
  CHECK_ERROR(fmt_csr_upload(NULL, &c), AMG_ERR_ARG, "csr_upload: host is NULL");
  CHECK_ERROR(fmt_csr_download(a, NULL), AMG_ERR_ARG, "csr_download: host is NULL");
  CHECK_ERROR(fmt_csr_download(NULL, &c), AMG_ERR_ARG, "csr_download: dev is NULL");
  CHECK_ERROR(fmt_tile_upload(t, NULL), AMG_ERR_ARG, "tile_upload: dev is NULL");
  CHECK_ERROR(fmt_tile_upload(NULL, &o), AMG_ERR_ARG, "tile_upload: host is NULL");
  CHECK_ERROR(fmt_tile_download(t, NULL), AMG_ERR_ARG, "tile_download: host is NULL");
  CHECK_ERROR(fmt_tile_download(NULL, &o), AMG_ERR_ARG, "tile_download: dev is NULL");
  CHECK_ERROR(fmt_tile_from_csr_device(a, NULL), AMG_ERR_ARG, "tile_from_csr_device: dev_tile is NULL");
  CHECK_ERROR(fmt_tile_from_csr_device(NULL, &o), AMG_ERR_ARG, "tile_from_csr_device: dev_csr is NULL");
  CHECK_ERROR(fmt_tile_to_csr_device(t, NULL), AMG_ERR_ARG, "tile_to_csr_device: dev_csr is NULL");
  CHECK_ERROR(fmt_tile_to_csr_device(NULL, &c), AMG_ERR_ARG, "tile_to_csr_device: dev_tile is NULL");
  CHECK_ERROR(fmt_tile_transpose_device(t, NULL), AMG_ERR_ARG, "tile_transpose_device: dev_at is NULL");
  CHECK_ERROR(fmt_tile_transpose_device(NULL, &o), AMG_ERR_ARG, "tile_transpose_device: dev_a is NULL");
  CHECK_ERROR(fmt_tile_is_symmetric_device(t, NULL), AMG_ERR_ARG, "tile_is_symmetric_device: symmetric is NULL");
  CHECK_ERROR(fmt_tile_is_symmetric_device(NULL, &symmetric), AMG_ERR_ARG, "tile_is_symmetric_device: dev_a is NULL");
  CHECK_ERROR(fmt_tile_mirror_upper_device(t, NULL), AMG_ERR_ARG, "tile_mirror_upper_device: dev_c is NULL");
  CHECK_ERROR(fmt_tile_mirror_upper_device(NULL, &o), AMG_ERR_ARG, "tile_mirror_upper_device: dev_u is NULL");
  CHECK_ERROR(fmt_tile_select_device(t, keep, NULL), AMG_ERR_ARG, "tile_select_device: out is NULL");
  CHECK_ERROR(fmt_tile_select_device(NULL, keep, &o), AMG_ERR_ARG, "tile_select_device: a is NULL");
  CHECK_ERROR(fmt_tile_columns_create_device(t, NULL), AMG_ERR_ARG, "tile_columns_create_device: out is NULL");
  CHECK_ERROR(fmt_tile_columns_create_device(NULL, &cols), AMG_ERR_ARG, "tile_columns_create_device: dev_a is NULL");
  CHECK_ERROR(fmt_tile_columns_from_transpose_device(t, tt, NULL), AMG_ERR_ARG,
              "tile_columns_from_transpose_device: out is NULL");
  CHECK_ERROR(fmt_tile_columns_from_transpose_device(NULL, tt, &cols), AMG_ERR_ARG,
              "tile_columns_from_transpose_device: a is NULL");
  CHECK(c == NULL && o == NULL && cols == NULL, "an output set on error");
  fmt_tile_destroy(empty);
  fmt_tile_destroy(tt);
  fmt_tile_destroy(t);
  fmt_csr_destroy(a);
}

/* fmt_tile_select dropping the last tiles: one entry in each of three tiles
 * of a tile row, keep one tile (each in turn), or none. It once wrote the
 * dropped tiles' masks and offsets past C's arrays (ASan: heap overflow). */
static void select_drops_tiles(void) {
  const int64_t row_ptr[2] = {0, 3};
  const int32_t col[3] = {0, 16, 32};
  const double val[3] = {1, 2, 3};
  fmt_csr *a = test_csr_from(1, 48, row_ptr, col, val);
  fmt_tile *t = NULL;
  CHECK_OK(fmt_tile_from_csr(a, &t));
  for (int kept = -1; t && kept < 3; kept++) {
    uint16_t keep[3 * FMT_TILE] = {0};
    if (kept >= 0)
      keep[FMT_TILE * kept] = 1; /* row 0, column 0 of tile `kept` */
    fmt_tile *c = NULL;
    CHECK_OK(fmt_tile_select(t, keep, &c));
    if (!c)
      continue;
    CHECK_OK(fmt_tile_validate(c));
    int want = kept >= 0;
    CHECK(c->num_tiles == want && c->nnz == want && (!want || (c->tile_col[0] == kept && c->val[0] == kept + 1)),
          "select keeping tile %d: %lld tiles, %lld entries", kept, (long long)c->num_tiles, (long long)c->nnz);
    fmt_tile_destroy(c);
  }
  fmt_tile_destroy(t);
  fmt_csr_destroy(a);
}

int main(void) {
  largest_size();
  select_drops_tiles();
  alloc_sizes();
  null_arguments();
  const char *name;
  fmt_csr *a;
  for (int i = 0; (a = test_matrix(i, &name)) != NULL; i++) {
    round_trip(a, name);
    fmt_csr_destroy(a);
  }
  /* Full tiles hold 256 entries each. */
  a = test_full_tiles_csr(96, 80, 7);
  fmt_tile *t = NULL;
  CHECK_OK(fmt_tile_from_csr(a, &t));
  for (int64_t k = 0; t && k < t->num_tiles; k++)
    CHECK(t->tile_nnz[k + 1] - t->tile_nnz[k] == 256, "full tile %lld has %lld entries", (long long)k,
          (long long)(t->tile_nnz[k + 1] - t->tile_nnz[k]));
  fmt_tile_destroy(t);
  fmt_csr_destroy(a);
  hand_example();
  create_with_given_arrays();
  return test_finish("test_tile_convert");
}
