/* fmt_tile_asymmetry against a dense oracle: random matrices up to 50 x 50
 * (several tiles), symmetric or made unsymmetric by a changed value, an
 * entry stored on one side only, or stored zeros on one side only (equal in
 * value: not found); the first entry found by row, then column; bad
 * arguments refused. */
#include "test_util.h"

#define MAX_N 50

typedef struct dense {
  int32_t n;
  int stored[MAX_N][MAX_N];
  double val[MAX_N][MAX_N];
} dense;

static fmt_tile *to_tile(const dense *d) {
  int64_t row_ptr[MAX_N + 1] = {0}, k = 0;
  int32_t col[MAX_N * MAX_N];
  double val[MAX_N * MAX_N];
  for (int32_t i = 0; i < d->n; i++) {
    for (int32_t j = 0; j < d->n; j++)
      if (d->stored[i][j])
        col[k] = j, val[k++] = d->val[i][j];
    row_ptr[i + 1] = k;
  }
  fmt_csr *a = test_csr_from(d->n, d->n, row_ptr, col, val);
  fmt_tile *t = NULL;
  CHECK(a != NULL, "out of memory");
  if (a)
    CHECK_OK(fmt_tile_from_csr(a, &t));
  fmt_csr_destroy(a);
  return t;
}

/* The oracle: the first stored (i, j) by row, then column, with a(i, j) != a(j, i) (0 where not stored). */
static int first_difference(const dense *d, int32_t *row, int32_t *col) {
  for (int32_t i = 0; i < d->n; i++)
    for (int32_t j = 0; j < d->n; j++)
      if (d->stored[i][j] && d->val[i][j] != (d->stored[j][i] ? d->val[j][i] : 0.0)) {
        *row = i, *col = j;
        return 1;
      }
  return 0;
}

/* Kind 0: symmetric; 1: one value changed; 2: one entry stored on one side only; 3: zeros stored on one
 * side only (and -0 against a stored 0); 4: kinds 1-3 together. */
static void random_dense(dense *d, int kind, test_rng *rng) {
  d->n = 1 + (int32_t)(test_rng_next(rng) % MAX_N);
  for (int32_t i = 0; i < d->n; i++)
    for (int32_t j = 0; j <= i; j++) {
      int on = i == j || test_rng_uniform(rng) < 0.15;
      double v = on ? (double)(1 + test_rng_next(rng) % 9) * (test_rng_uniform(rng) < 0.5 ? -1 : 1) : 0.0;
      d->stored[i][j] = d->stored[j][i] = on;
      d->val[i][j] = d->val[j][i] = v;
    }
  int32_t i = (int32_t)(test_rng_next(rng) % d->n), j = (int32_t)(test_rng_next(rng) % d->n);
  if ((kind == 1 || kind == 4) && i != j) {
    d->stored[i][j] = d->stored[j][i] = 1;
    d->val[i][j] = 2.5, d->val[j][i] = 2.5 + 0x1p-40; /* equal under %g */
  }
  for (int z = 0; (kind == 3 || kind == 4) && z < 3; z++) {
    int32_t p = (int32_t)(test_rng_next(rng) % d->n), q = (int32_t)(test_rng_next(rng) % d->n);
    if (!d->stored[p][q] && !d->stored[q][p]) {
      d->stored[p][q] = 1;
      d->val[p][q] = 0.0;
      if (z == 2) /* -0 against a stored 0 */
        d->stored[q][p] = 1, d->val[q][p] = -0.0;
    }
  }
  int32_t p = (int32_t)(test_rng_next(rng) % d->n), q = (int32_t)(test_rng_next(rng) % d->n);
  if ((kind == 2 || kind == 4) && !d->stored[p][q] && !d->stored[q][p]) {
    d->stored[p][q] = 1;
    d->val[p][q] = -3.0;
  }
}

int main(void) {
  test_rng rng = {2026};
  static dense d;
  int found_count = 0, zeros_only = 0;
  for (int trial = 0; trial < 1000; trial++) {
    int kind = trial % 5;
    random_dense(&d, kind, &rng);
    fmt_tile *t = to_tile(&d);
    if (!t)
      break;
    int found = -1, want, pattern_symmetric = -1;
    int32_t row = -1, col = -1;
    fmt_asymmetry w = {-1, -1, 0, 0, -1};
    want = first_difference(&d, &row, &col);
    CHECK_OK(fmt_tile_asymmetry(t, &found, &w));
    CHECK_OK(fmt_tile_is_symmetric(t, &pattern_symmetric));
    CHECK(found == want, "trial %d (kind %d, n %d): found %d, want %d", trial, kind, d.n, found, want);
    if (found == 1 && want == 1) {
      CHECK(w.row == row && w.col == col, "trial %d: first difference at (%lld, %lld), want (%d, %d)", trial,
            (long long)w.row, (long long)w.col, row, col);
      CHECK(w.value == d.val[row][col] && w.mirror_stored == d.stored[col][row] &&
                w.mirror == (d.stored[col][row] ? d.val[col][row] : 0.0),
            "trial %d: (%d, %d) = %g against %g (stored %d); want %g against %g (stored %d)", trial, row, col,
            w.value, w.mirror, w.mirror_stored, d.val[row][col], d.val[col][row], d.stored[col][row]);
      CHECK(pattern_symmetric == 0, "trial %d: fmt_tile_is_symmetric says symmetric", trial);
    }
    found_count += want;
    zeros_only += !want && pattern_symmetric == 0;
    fmt_tile_destroy(t);
  }
  CHECK(found_count >= 300 && zeros_only >= 100, "too few cases: %d unsymmetric, %d differing by zeros only",
        found_count, zeros_only);
  printf("%d unsymmetric, %d differing by stored zeros only\n", found_count, zeros_only);

  int found;
  fmt_asymmetry w;
  d.n = 20;
  fmt_tile *t = to_tile(&d), *wide = NULL;
  CHECK_ERROR(fmt_tile_asymmetry(t, NULL, &w), AMG_ERR_ARG, "found or where is NULL");
  CHECK_ERROR(fmt_tile_asymmetry(t, &found, NULL), AMG_ERR_ARG, "found or where is NULL");
  CHECK_ERROR(fmt_tile_asymmetry(NULL, &found, &w), AMG_ERR_ARG, "a is NULL");
  CHECK_OK(fmt_tile_create(20, 30, 0, 0, FMT_HOST, &wide));
  if (wide) {
    for (int32_t i = 0; i <= wide->tile_m; i++)
      wide->tile_ptr[i] = 0;
    CHECK_ERROR(fmt_tile_asymmetry(wide, &found, &w), AMG_ERR_ARG, "need a square host matrix (20 x 30)");
  }
  fmt_tile_destroy(wide);
  fmt_tile_destroy(t);
  return test_finish("test_tile_asymmetry");
}
