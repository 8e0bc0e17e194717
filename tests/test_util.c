/* Shared test helpers (see test_util.h). */
#include "test_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int test_failures = 0;

void test_expect_error(amg_status got, amg_status want, const char *needle, const char *file,
                       int line, const char *what) {
  const char *msg = amg_error_message();
  if (got != want) {
    test_failures++;
    fprintf(stderr, "%s:%d: %s returned %s, expected %s (message: %s)\n", file, line, what,
            amg_status_name(got), amg_status_name(want), msg);
  } else if (needle && !strstr(msg, needle)) {
    test_failures++;
    fprintf(stderr, "%s:%d: %s: message \"%s\" does not mention \"%s\"\n", file, line, what, msg,
            needle);
  }
}

int test_finish(const char *name) {
  if (test_failures) {
    fprintf(stderr, "%s: %d check(s) failed\n", name, test_failures);
    return 1;
  }
  printf("%s: all checks passed\n", name);
  return 0;
}

void test_require_device(const char *name) {
  int count = 0;
  if (fmt_device_probe(&count) != AMG_OK) { /* a driver that fails is not "no GPU" */
    fprintf(stderr, "%s: %s\n", name, amg_error_message());
    exit(1);
  }
  if (count < 1) {
    if (getenv("AMG_REQUIRE_GPU")) { /* set on the GPU machine (scripts/gpu_check.sh) */
      fprintf(stderr, "%s: no GPU found, and AMG_REQUIRE_GPU is set\n", name);
      exit(1);
    }
    printf("%s: skipped, no GPU (or built without CUDA)\n", name);
    exit(TEST_SKIP);
  }
  fmt_device_fill_new(1); /* an entry never written reads NaN / -1, not a freed block's old value */
}

uint64_t test_rng_next(test_rng *r) {
  uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double test_rng_uniform(test_rng *r) { return (double)(test_rng_next(r) >> 11) * 0x1.0p-53; }

static fmt_csr *csr_from_dense_rule(int32_t m, int32_t n, uint64_t seed, double density,
                                    int skip_rows_mod, int skip_cols_mod, int full_tiles) {
  test_rng rng = {seed};
  int64_t cap = 0;
  /* First pass counts, second fills: the same rng stream is replayed. */
  for (int pass = 0; pass < 2; pass++) {
    fmt_csr *a = NULL;
    if (pass == 1 && fmt_csr_create(m, n, cap, FMT_HOST, &a) != AMG_OK)
      return NULL;
    rng.state = seed;
    int64_t k = 0;
    if (a)
      a->row_ptr[0] = 0;
    for (int32_t i = 0; i < m; i++) {
      for (int32_t j = 0; j < n; j++) {
        int keep;
        if (full_tiles)
          keep = ((i / 16) * 7 + (j / 16) * 3) % 4 == 0;
        else
          keep = test_rng_uniform(&rng) < density &&
                 !(skip_rows_mod > 0 && i % skip_rows_mod == 0) &&
                 !(skip_cols_mod > 0 && j % skip_cols_mod == 0);
        double v = 2.0 * test_rng_uniform(&rng) - 1.0;
        if (keep) {
          if (a) {
            a->col[k] = j;
            a->val[k] = v;
          }
          k++;
        }
      }
      if (a)
        a->row_ptr[i + 1] = k;
    }
    if (pass == 0)
      cap = k;
    else
      return a;
  }
  return NULL;
}

fmt_csr *test_random_csr(int32_t m, int32_t n, double density, uint64_t seed, int skip_rows_mod,
                         int skip_cols_mod) {
  return csr_from_dense_rule(m, n, seed, density, skip_rows_mod, skip_cols_mod, 0);
}

fmt_csr *test_random_csr_rows(int32_t m, int32_t n, int per_row, uint64_t seed) {
  test_rng rng = {seed};
  fmt_csr *a = NULL;
  if (fmt_csr_create(m, n, (int64_t)m * per_row, FMT_HOST, &a) != AMG_OK)
    return NULL;
  int64_t k = 0;
  a->row_ptr[0] = 0;
  for (int32_t i = 0; i < m; i++) {
    int32_t *cols = a->col + k;
    for (int e = 0; e < per_row; e++)
      cols[e] = (int32_t)(test_rng_next(&rng) % (uint64_t)n);
    fmt_sort_int32(cols, (size_t)per_row);
    int len = 0;
    for (int e = 0; e < per_row; e++)
      if (len == 0 || cols[e] != cols[len - 1])
        cols[len++] = cols[e];
    for (int e = 0; e < len; e++)
      a->val[k + e] = 2.0 * test_rng_uniform(&rng) - 1.0;
    k += len;
    a->row_ptr[i + 1] = k;
  }
  a->nnz = k;
  return a;
}

fmt_csr *test_csr_from(int32_t m, int32_t n, const int64_t *row_ptr, const int32_t *col, const double *val) {
  fmt_csr *a = NULL;
  if (fmt_csr_create(m, n, row_ptr[m], FMT_HOST, &a) != AMG_OK)
    return NULL;
  memcpy(a->row_ptr, row_ptr, ((size_t)m + 1) * sizeof *row_ptr);
  memcpy(a->col, col, (size_t)row_ptr[m] * sizeof *col);
  memcpy(a->val, val, (size_t)row_ptr[m] * sizeof *val);
  return a;
}

fmt_csr *test_full_tiles_csr(int32_t m, int32_t n, uint64_t seed) {
  return csr_from_dense_rule(m, n, seed, 1.0, 0, 0, 1);
}

/* A generator that fails is counted as a test failure, not taken silently
 * for the end of the list (the loops still stop there). */
static fmt_csr *made(fmt_csr *a, int i, int count, const char *name) {
  if (!a && i < count) {
    test_failures++;
    fprintf(stderr, "test matrix %d (%s) could not be made: %s\n", i, name, amg_error_message());
  }
  return a;
}

static fmt_csr *general_matrix(int i, const char **name) {
  fmt_csr *a = NULL;
  switch (i) {
  case 0: *name = "random 37x53 d=0.15"; return test_random_csr(37, 53, 0.15, 101, 0, 0);
  case 1: *name = "random 100x77 d=0.08, empty rows%3 and cols%5"; return test_random_csr(100, 77, 0.08, 102, 3, 5);
  case 2: *name = "random 211x190 d=0.008 (many empty tiles)"; return test_random_csr(211, 190, 0.008, 103, 0, 0);
  case 3: *name = "full tiles 96x80"; return test_full_tiles_csr(96, 80, 104);
  case 4: *name = "full tiles 71x57 (partial edges)"; return test_full_tiles_csr(71, 57, 105);
  case 5: *name = "random 1x1 d=1"; return test_random_csr(1, 1, 1.0, 106, 0, 0);
  case 6: *name = "random 17x16 d=0.5"; return test_random_csr(17, 16, 0.5, 107, 0, 0);
  case 7: *name = "empty 33x20 (no entries)"; return test_random_csr(33, 20, 0.0, 108, 0, 0);
  case 8: *name = "poisson 2D 5-point n=20"; fmt_poisson(5, 20, &a); return a;
  case 9: *name = "poisson 2D 9-point n=19"; fmt_poisson(9, 19, &a); return a;
  case 10: *name = "poisson 3D 7-point n=7"; fmt_poisson(7, 7, &a); return a;
  case 11: *name = "poisson 3D 27-point n=6"; fmt_poisson(27, 6, &a); return a;
  }
  return NULL;
}

fmt_csr *test_matrix(int i, const char **name) {
  *name = "past the end";
  fmt_csr *a = general_matrix(i, name); /* sets *name before made reads it */
  return made(a, i, TEST_MATRICES, *name);
}

static fmt_csr *symmetric_matrix(int i, const char **name) {
  fmt_csr *a = NULL;
  double *d = NULL;
  switch (i) {
  case 0: *name = "poisson 2D 5-point n=20"; fmt_poisson(5, 20, &a); return a;
  case 1: *name = "poisson 2D 9-point n=19"; fmt_poisson(9, 19, &a); return a;
  case 2: *name = "poisson 3D 7-point n=7"; fmt_poisson(7, 7, &a); return a;
  case 3: *name = "poisson 3D 27-point n=6"; fmt_poisson(27, 6, &a); return a;
  case 4: *name = "random SPD 53x53 d=0.1"; d = test_random_spd_dense(53, 0.1, 111); break;
  case 5: *name = "random SPD 40x40 d=0.4"; d = test_random_spd_dense(40, 0.4, 112); break;
  case 6: *name = "random SPD 1x1"; d = test_random_spd_dense(1, 1.0, 113); break;
  default: return NULL;
  }
  a = d ? test_csr_from_dense(i == 4 ? 53 : i == 5 ? 40 : 1, i == 4 ? 53 : i == 5 ? 40 : 1, d, 0) : NULL;
  free(d);
  return a;
}

fmt_csr *test_symmetric_matrix(int i, const char **name) {
  *name = "past the end";
  fmt_csr *a = symmetric_matrix(i, name);
  return made(a, i, TEST_SYMMETRIC_MATRICES, *name);
}

fmt_csr *test_upper_tiles(const fmt_csr *a, int junk) {
  fmt_csr *u = NULL;
  if (fmt_csr_create(a->m, a->n, a->nnz, FMT_HOST, &u) != AMG_OK)
    return NULL;
  int64_t k = 0;
  u->row_ptr[0] = 0;
  for (int32_t i = 0; i < a->m; i++) {
    for (int64_t q = a->row_ptr[i]; q < a->row_ptr[i + 1]; q++) {
      int32_t j = a->col[q];
      if (j / FMT_TILE < i / FMT_TILE)
        continue;
      u->col[k] = j;
      u->val[k++] = junk && j < i && j / FMT_TILE == i / FMT_TILE ? -7.0 : a->val[q];
    }
    u->row_ptr[i + 1] = k;
  }
  u->nnz = k;
  return u;
}

/* A*A^T and A^T*A of every test matrix, `how` appended to their names. */
static void transpose_products(test_product_check check, const char *how) {
  const char *name;
  fmt_csr *a;
  char what[160];
  for (int i = 0; (a = test_matrix(i, &name)) != NULL; i++) {
    fmt_csr *at = NULL;
    CHECK_OK(fmt_csr_transpose(a, &at));
    snprintf(what, sizeof what, "%s: A*A^T%s", name, how);
    check(a, at, what);
    snprintf(what, sizeof what, "%s: A^T*A%s", name, how);
    check(at, a, what);
    fmt_csr_destroy(at);
    fmt_csr_destroy(a);
  }
}

void test_each_symmetric_product(test_product_check check) { transpose_products(check, " as symmetric"); }

void test_each_product(test_product_check check) {
  const char *name;
  fmt_csr *a;
  char what[160];
  transpose_products(check, "");
  for (int i = 0; (a = test_matrix(i, &name)) != NULL; i++) {
    if (a->m == a->n) {
      snprintf(what, sizeof what, "%s: A*A", name);
      check(a, a, what);
    }
    /* Rectangular: A times a random tall-thin matrix (an aggregation-like shape). */
    fmt_csr *p = test_random_csr(a->n, a->n / 3 + 1, 0.2, 900 + i, 0, 0);
    snprintf(what, sizeof what, "%s: A*P", name);
    check(a, p, what);
    fmt_csr_destroy(p);
    fmt_csr_destroy(a);
  }
}

int test_csr_equal(const fmt_csr *a, const fmt_csr *b, double rtol, double atol, const char *what) {
  int shown = 0;
  if (a->m != b->m || a->n != b->n || a->nnz != b->nnz) {
    fprintf(stderr, "%s: shape %d x %d nnz %lld vs %d x %d nnz %lld\n", what, a->m, a->n,
            (long long)a->nnz, b->m, b->n, (long long)b->nnz);
    return 0;
  }
  for (int32_t i = 0; i <= a->m; i++)
    if (a->row_ptr[i] != b->row_ptr[i]) {
      fprintf(stderr, "%s: row_ptr[%d] %lld vs %lld\n", what, i, (long long)a->row_ptr[i],
              (long long)b->row_ptr[i]);
      return 0;
    }
  for (int32_t i = 0; i < a->m; i++)
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++) {
      int bad = a->col[k] != b->col[k] ||
                !(fabs(a->val[k] - b->val[k]) <= atol + rtol * fabs(b->val[k]));
      if (bad && shown++ < 5)
        fprintf(stderr, "%s: row %d entry %lld: (%d, %.17g) vs (%d, %.17g)\n", what, i,
                (long long)k, a->col[k], a->val[k], b->col[k], b->val[k]);
    }
  return shown == 0;
}

int test_csr_close_rows(const fmt_csr *a, const fmt_csr *b, double rtol, const char *what) {
  if (a->m != b->m || a->n != b->n || a->nnz != b->nnz) {
    fprintf(stderr, "%s: shape %d x %d nnz %lld vs %d x %d nnz %lld\n", what, a->m, a->n,
            (long long)a->nnz, b->m, b->n, (long long)b->nnz);
    return 0;
  }
  int shown = 0;
  for (int32_t i = 0; i < a->m; i++) {
    double row_max = 0;
    for (int64_t k = b->row_ptr[i]; k < b->row_ptr[i + 1]; k++)
      row_max = fabs(b->val[k]) > row_max ? fabs(b->val[k]) : row_max;
    if (a->row_ptr[i] != b->row_ptr[i] || a->row_ptr[i + 1] != b->row_ptr[i + 1]) {
      if (shown++ < 5)
        fprintf(stderr, "%s: row %d has a different pattern\n", what, i);
      continue;
    }
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
      if ((a->col[k] != b->col[k] || !(fabs(a->val[k] - b->val[k]) <= rtol * row_max)) && shown++ < 5)
        fprintf(stderr, "%s: row %d: (%d, %.17g) vs (%d, %.17g)\n", what, i, a->col[k], a->val[k],
                b->col[k], b->val[k]);
  }
  return shown == 0;
}

fmt_csr *test_tile_to_host_csr(const fmt_tile *a) {
  fmt_tile *h = NULL;
  fmt_csr *c = NULL;
  if (a->loc == FMT_DEVICE) {
    if (fmt_tile_download(a, &h) != AMG_OK)
      return NULL;
    a = h;
  }
  if (fmt_tile_to_csr(a, &c) != AMG_OK)
    c = NULL;
  fmt_tile_destroy(h);
  return c;
}

/* CSR of the dense row-major m x n array d: its nonzeros, or with
 * lower_only those with col <= row. */
fmt_csr *test_csr_from_dense(int32_t m, int32_t n, const double *d, int lower_only) {
  int64_t nnz = 0;
  for (int32_t i = 0; i < m; i++)
    for (int32_t j = 0; j < n; j++)
      nnz += d[(size_t)i * n + j] != 0.0 && (!lower_only || j <= i);
  fmt_csr *a = NULL;
  if (fmt_csr_create(m, n, nnz, FMT_HOST, &a) != AMG_OK)
    return NULL;
  int64_t k = 0;
  a->row_ptr[0] = 0;
  for (int32_t i = 0; i < m; i++) {
    for (int32_t j = 0; j < n; j++) {
      double v = d[(size_t)i * n + j];
      if (v != 0.0 && (!lower_only || j <= i)) {
        a->col[k] = j;
        a->val[k++] = v;
      }
    }
    a->row_ptr[i + 1] = k;
  }
  return a;
}

/* Dense row-major B B^T + n I, B with entries in [-1, 1) present with
 * probability density; the products are summed column by column of B. */
double *test_random_spd_dense(int32_t n, double density, uint64_t seed) {
  test_rng rng = {seed};
  double *b = calloc((size_t)n * n + 1, sizeof *b);
  double *m = calloc((size_t)n * n + 1, sizeof *m);
  int32_t *rows = malloc(((size_t)n + 1) * sizeof *rows);
  for (size_t e = 0; e < (size_t)n * n; e++) {
    double v = 2.0 * test_rng_uniform(&rng) - 1.0;
    if (test_rng_uniform(&rng) < density)
      b[e] = v;
  }
  for (int32_t k = 0; k < n; k++) {
    int32_t count = 0;
    for (int32_t i = 0; i < n; i++)
      if (b[(size_t)i * n + k] != 0.0)
        rows[count++] = i;
    for (int32_t p = 0; p < count; p++)
      for (int32_t q = 0; q < count; q++)
        m[(size_t)rows[p] * n + rows[q]] += b[(size_t)rows[p] * n + k] * b[(size_t)rows[q] * n + k];
  }
  for (int32_t i = 0; i < n; i++)
    m[(size_t)i * n + i] += n;
  free(b);
  free(rows);
  return m;
}

int test_tile_same_structure(const fmt_tile *a, const fmt_tile *b) {
  if (a->m != b->m || a->n != b->n || a->num_tiles != b->num_tiles || a->nnz != b->nnz)
    return 0;
  int64_t nt = a->num_tiles;
  return !memcmp(a->tile_ptr, b->tile_ptr, ((size_t)a->tile_m + 1) * sizeof *a->tile_ptr) &&
         !memcmp(a->tile_col, b->tile_col, (size_t)nt * sizeof *a->tile_col) &&
         !memcmp(a->tile_nnz, b->tile_nnz, ((size_t)nt + 1) * sizeof *a->tile_nnz) &&
         !memcmp(a->row_ptr, b->row_ptr, (size_t)(16 * nt) * sizeof *a->row_ptr) &&
         !memcmp(a->mask, b->mask, (size_t)(16 * nt) * sizeof *a->mask) &&
         !memcmp(a->idx, b->idx, (size_t)a->nnz * sizeof *a->idx);
}

int test_tile_identical(const fmt_tile *a, const fmt_tile *b) {
  return test_tile_same_structure(a, b) && !memcmp(a->val, b->val, (size_t)a->nnz * sizeof *a->val);
}

int test_columns_identical(const fmt_tile_columns *x, const fmt_tile_columns *y) {
  return x->tile_n == y->tile_n && x->num_tiles == y->num_tiles &&
         !memcmp(x->col_ptr, y->col_ptr, ((size_t)x->tile_n + 1) * sizeof *x->col_ptr) &&
         !memcmp(x->row, y->row, (size_t)x->num_tiles * sizeof *x->row) &&
         !memcmp(x->tile, y->tile, (size_t)x->num_tiles * sizeof *x->tile);
}
