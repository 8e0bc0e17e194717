/* fmt_csr_permute against a dense gather, and its inverse giving A back
 * bitwise; fmt_csr_rcm: a permutation, deterministic, every connected
 * component numbered contiguously, and on a shuffled grid a bandwidth and a
 * tile count near the natural order's; bad arguments refused. */
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

static int is_permutation(const int32_t *perm, int32_t n) {
  char *seen = calloc((size_t)n + 1, 1);
  int ok = seen != NULL;
  for (int32_t i = 0; ok && i < n; i++) {
    ok = perm[i] >= 0 && perm[i] < n && !seen[perm[i]];
    if (ok)
      seen[perm[i]] = 1;
  }
  free(seen);
  return ok;
}

static int64_t tiles_of(const fmt_csr *a) {
  fmt_tile *t = NULL;
  CHECK_OK(fmt_tile_from_csr(a, &t));
  int64_t count = t ? t->num_tiles : -1;
  fmt_tile_destroy(t);
  return count;
}

/* B(i, j) == A(perm[i], perm[j]) for every i, j, through dense copies. */
static void check_gather(const fmt_csr *a, const fmt_csr *b, const int32_t *perm, const char *what) {
  int32_t n = a->m;
  double *da = calloc((size_t)n * n + 1, sizeof *da), *db = calloc((size_t)n * n + 1, sizeof *db);
  char *pa = calloc((size_t)n * n + 1, 1), *pb = calloc((size_t)n * n + 1, 1);
  CHECK(da && db && pa && pb, "out of memory");
  if (da && db && pa && pb) {
    for (int32_t i = 0; i < n; i++) {
      for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++) {
        da[(size_t)i * n + a->col[k]] = a->val[k];
        pa[(size_t)i * n + a->col[k]] = 1;
      }
      for (int64_t k = b->row_ptr[i]; k < b->row_ptr[i + 1]; k++) {
        db[(size_t)i * n + b->col[k]] = b->val[k];
        pb[(size_t)i * n + b->col[k]] = 1;
      }
    }
    int bad = 0;
    for (int32_t i = 0; i < n && !bad; i++)
      for (int32_t j = 0; j < n && !bad; j++) {
        size_t from = (size_t)perm[i] * n + perm[j], to = (size_t)i * n + j;
        bad = pa[from] != pb[to] || memcmp(&da[from], &db[to], sizeof(double)) != 0;
        CHECK(!bad, "%s: B(%d, %d) is not A(%d, %d)", what, i, j, perm[i], perm[j]);
      }
  }
  free(da);
  free(db);
  free(pa);
  free(pb);
}

/* The 2D 5-point Laplacian on side x side points, rows shuffled by a seeded Fisher-Yates. */
/* A seeded Fisher-Yates permutation of 0..n-1 (malloc'd; NULL if out of memory). */
static int32_t *random_permutation(int32_t n, uint64_t seed) {
  int32_t *p = malloc(((size_t)n + 1) * sizeof *p);
  test_rng rng = {seed};
  for (int32_t i = 0; p && i < n; i++)
    p[i] = i;
  for (int32_t i = n - 1; p && i > 0; i--) {
    int32_t j = (int32_t)(test_rng_next(&rng) % (uint64_t)(i + 1)), t = p[i];
    p[i] = p[j];
    p[j] = t;
  }
  return p;
}

static fmt_csr *shuffled_grid(int32_t side, uint64_t seed, int32_t **shuffle) {
  fmt_csr *grid = NULL, *out = NULL;
  int32_t *p = random_permutation(side * side, seed);
  CHECK_OK(fmt_poisson(5, side, &grid));
  if (p && grid)
    CHECK_OK(fmt_csr_permute(grid, p, &out));
  fmt_csr_destroy(grid);
  *shuffle = p;
  return out;
}

static void permute_and_back(const fmt_csr *a, const int32_t *perm, const char *what) {
  int32_t n = a->m, *inverse = malloc(((size_t)n + 1) * sizeof *inverse);
  fmt_csr *b = NULL, *back = NULL;
  CHECK(inverse != NULL, "out of memory");
  if (!inverse)
    return;
  for (int32_t i = 0; i < n; i++)
    inverse[perm[i]] = i;
  CHECK_OK(fmt_csr_permute(a, perm, &b));
  if (b) {
    CHECK_OK(fmt_csr_validate(b));
    if (n <= 400)
      check_gather(a, b, perm, what);
    CHECK_OK(fmt_csr_permute(b, inverse, &back));
    CHECK(back && test_csr_equal(back, a, 0.0, 0.0, what), "%s: permuting back does not give A", what);
  }
  fmt_csr_destroy(b);
  fmt_csr_destroy(back);
  free(inverse);
}

/* Each component of a's graph occupies consecutive new indices. */
static void check_components_contiguous(const fmt_csr *a, const int32_t *perm, const char *what) {
  int32_t n = a->m, *inverse = malloc(((size_t)n + 1) * sizeof *inverse);
  int32_t *label = malloc(((size_t)n + 1) * sizeof *label);
  CHECK(inverse && label, "out of memory");
  if (inverse && label) {
    for (int32_t i = 0; i < n; i++) {
      inverse[perm[i]] = i;
      label[i] = i;
    }
    for (int changed = 1; changed;) { /* label: smallest old index in the component, by relaxation */
      changed = 0;
      for (int32_t i = 0; i < n; i++)
        for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++) {
          int32_t j = a->col[k], low = label[i] < label[j] ? label[i] : label[j];
          if (label[i] != low || label[j] != low) {
            label[i] = label[j] = low;
            changed = 1;
          }
        }
    }
    int32_t runs = 0, components = 0;
    for (int32_t i = 0; i < n; i++) {
      runs += i == 0 || label[perm[i]] != label[perm[i - 1]];
      components += label[i] == i;
    }
    CHECK(runs == components, "%s: %d components in %d runs of the new order", what, components, runs);
  }
  free(inverse);
  free(label);
}

int main(void) {
  /* permute: the test matrices that are square, with a random permutation */
  const char *name;
  fmt_csr *a;
  int square = 0;
  for (int i = 0; (a = test_matrix(i, &name)) != NULL; i++) {
    if (a->m == a->n) {
      square++;
      int32_t n = a->m, *perm = random_permutation(n, (uint64_t)i + 11);
      CHECK(perm != NULL, "out of memory");
      if (perm)
        permute_and_back(a, perm, name);
      int32_t *rcm = NULL, *again = NULL;
      CHECK_OK(fmt_csr_rcm(a, &rcm));
      CHECK_OK(fmt_csr_rcm(a, &again));
      if (rcm && again) {
        CHECK(is_permutation(rcm, n), "%s: rcm is not a permutation", name);
        CHECK(!memcmp(rcm, again, (size_t)n * sizeof *rcm), "%s: rcm differs between two calls", name);
        permute_and_back(a, rcm, name);
        check_components_contiguous(a, rcm, name);
      }
      free(rcm);
      free(again);
      free(perm);
    }
    fmt_csr_destroy(a);
  }

  CHECK(square >= 5, "only %d square test matrices", square);
  printf("%d square test matrices permuted and renumbered\n", square);

  /* RCM on a shuffled 96 x 96 grid: bandwidth and tiles near the natural order's */
  int32_t side = 96, *shuffle = NULL, *rcm = NULL;
  fmt_csr *grid = NULL, *shuffled = shuffled_grid(side, 5, &shuffle), *renumbered = NULL;
  CHECK_OK(fmt_poisson(5, side, &grid));
  if (shuffled && grid) {
    CHECK_OK(fmt_csr_rcm(shuffled, &rcm));
    if (rcm) {
      CHECK(is_permutation(rcm, shuffled->m), "shuffled grid: rcm is not a permutation");
      CHECK_OK(fmt_csr_permute(shuffled, rcm, &renumbered));
    }
    if (renumbered) {
      int64_t bw = fmt_csr_bandwidth(renumbered), tiles = tiles_of(renumbered), natural = tiles_of(grid);
      printf("96 x 96 grid: bandwidth %lld shuffled, %lld after rcm, %lld natural; tiles %lld, %lld, %lld\n",
             (long long)fmt_csr_bandwidth(shuffled), (long long)bw, (long long)fmt_csr_bandwidth(grid), (long long)tiles_of(shuffled),
             (long long)tiles, (long long)natural);
      CHECK(bw <= side + 1, "rcm bandwidth %lld on a %d x %d grid (a level holds at most %d points)", (long long)bw,
            side, side, side);
      CHECK(tiles <= 2 * natural, "rcm: %lld tiles against %lld in natural order", (long long)tiles,
            (long long)natural);
    }
  }

  /* a graph of three components and isolated points, stored unsymmetric (lower part only) */
  {
    const int64_t row_ptr[] = {0, 1, 2, 4, 5, 7, 8, 10, 11};
    const int32_t col[] = {0, 1, 0, 2, 3, 1, 4, 5, 3, 6, 7};
    const double val[] = {1, 1, -1, 2, 1, -1, 2, 1, -1, 2, 1};
    fmt_csr *parts = test_csr_from(8, 8, row_ptr, col, val);
    int32_t *perm = NULL;
    CHECK(parts != NULL, "out of memory");
    if (parts) {
      CHECK_OK(fmt_csr_rcm(parts, &perm));
      if (perm) {
        CHECK(is_permutation(perm, 8), "components: not a permutation");
        check_components_contiguous(parts, perm, "components");
        permute_and_back(parts, perm, "components");
      }
    }
    free(perm);
    fmt_csr_destroy(parts);
  }

  /* an arrow: row and column 0 full (a row of 300 entries), and the diagonal */
  {
    int32_t n = 300;
    double *dense = calloc((size_t)n * n, sizeof *dense);
    for (int32_t i = 0; i < n; i++) {
      dense[(size_t)i * n + i] = 4.0 + i;
      dense[i] = dense[(size_t)i * n] = -1.0 - 0.001 * i;
    }
    fmt_csr *arrow = test_csr_from_dense(n, n, dense, 0);
    int32_t *perm = NULL;
    CHECK(arrow != NULL, "out of memory");
    if (arrow) {
      CHECK_OK(fmt_csr_rcm(arrow, &perm));
      if (perm) {
        CHECK(is_permutation(perm, n), "arrow: not a permutation");
        permute_and_back(arrow, perm, "arrow");
      }
    }
    free(perm);
    free(dense);
    fmt_csr_destroy(arrow);
  }

  /* bad arguments */
  {
    int32_t *perm = NULL, bad[4] = {0, 1, 1, 3}, range[4] = {0, 1, 2, 4};
    fmt_csr *rect = test_random_csr(4, 5, 0.5, 3, 0, 0), *sq = test_random_csr(4, 4, 0.5, 3, 0, 0), *out = NULL;
    CHECK_ERROR(fmt_csr_rcm(rect, &perm), AMG_ERR_ARG, "square");
    CHECK_ERROR(fmt_csr_permute(rect, bad, &out), AMG_ERR_ARG, "square");
    CHECK_ERROR(fmt_csr_permute(sq, bad, &out), AMG_ERR_ARG, "perm[2] = 1 is repeated");
    CHECK_ERROR(fmt_csr_permute(sq, range, &out), AMG_ERR_ARG, "perm[3] = 4 is out of range");
    CHECK_ERROR(fmt_csr_permute(sq, NULL, &out), AMG_ERR_ARG, "perm is NULL");
    CHECK(perm == NULL && out == NULL, "outputs set on failure");
    fmt_csr_destroy(rect);
    fmt_csr_destroy(sq);
  }
  fmt_csr_destroy(grid);
  fmt_csr_destroy(shuffled);
  fmt_csr_destroy(renumbered);
  free(shuffle);
  free(rcm);
  return test_finish("test_reorder");
}
