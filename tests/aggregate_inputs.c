#include "aggregate_inputs.h"

#include <stdio.h>
#include <stdlib.h>

#include "amg_ops.h"
#include "test_util.h"

const char *const keep_rule_name[] = {"all off-diagonal", "hashed 2/3 subset", "nodes %7==3 cut off"};

int keep(keep_rule rule, int32_t i, int32_t j) {
  if (i == j)
    return 0;
  int32_t lo = i < j ? i : j, hi = i < j ? j : i;
  switch (rule) {
  case KEEP_ALL: return 1;
  case KEEP_HASHED: return (((uint64_t)lo * 2654435761u) ^ ((uint64_t)hi * 40503u)) % 3 != 0;
  case KEEP_ISOLATE: return lo % 7 != 3 && hi % 7 != 3;
  }
  return 0;
}

uint16_t *strength_mask(const fmt_tile *a, keep_rule rule) {
  uint16_t *smask = calloc((size_t)(FMT_TILE * a->num_tiles) + 1, sizeof *smask);
  if (!smask)
    return NULL;
  for (int32_t ti = 0; ti < a->tile_m; ti++)
    for (int64_t t = a->tile_ptr[ti]; t < a->tile_ptr[ti + 1]; t++)
      for (int64_t k = a->tile_nnz[t]; k < a->tile_nnz[t + 1]; k++) {
        int r = a->idx[k] >> 4, c = a->idx[k] & 15;
        if (keep(rule, FMT_TILE * ti + r, FMT_TILE * a->tile_col[t] + c))
          smask[FMT_TILE * t + r] |= (uint16_t)(1u << c);
      }
  return smask;
}

static int cmp_pair(const void *x, const void *y) {
  const int32_t *a = x, *b = y;
  return a[0] != b[0] ? (a[0] > b[0]) - (a[0] < b[0]) : (a[1] > b[1]) - (a[1] < b[1]);
}

/* The n x n matrix of the len (row, column) pairs, the diagonal (4) among
 * them, the others -1, repeats once; frees pair. */
static fmt_csr *pairs_to_csr(int32_t n, int32_t *pair, int64_t len) {
  qsort(pair, (size_t)len, 2 * sizeof *pair, cmp_pair);
  fmt_csr *a = NULL;
  if (fmt_csr_create(n, n, len, FMT_HOST, &a) != AMG_OK) {
    free(pair);
    return NULL;
  }
  int64_t k = 0;
  a->row_ptr[0] = 0;
  for (int64_t p = 0; p < len; p++) {
    if (p > 0 && pair[2 * p] == pair[2 * p - 2] && pair[2 * p + 1] == pair[2 * p - 1])
      continue;
    a->col[k] = pair[2 * p + 1];
    a->val[k] = pair[2 * p] == pair[2 * p + 1] ? 4.0 : -1.0;
    k++;
    a->row_ptr[pair[2 * p] + 1] = k; /* every row holds its diagonal, so every row is set */
  }
  a->nnz = k;
  free(pair);
  return a;
}

fmt_csr *random_symmetric(int32_t n, int64_t edges, int32_t reach, uint64_t seed) {
  test_rng rng = {seed};
  int64_t cap = n + 2 * edges, len = 0;
  int32_t *pair = malloc((size_t)cap * 2 * sizeof *pair);
  if (!pair)
    return NULL;
  for (int32_t i = 0; i < n; i++, len++)
    pair[2 * len] = pair[2 * len + 1] = i;
  for (int64_t e = 0; e < edges; e++) {
    int32_t i = (int32_t)(test_rng_next(&rng) % (uint64_t)n);
    int32_t j = (int32_t)((i + test_rng_next(&rng) % (uint64_t)reach) % (uint64_t)n);
    pair[2 * len] = i, pair[2 * len + 1] = j, len++;
    pair[2 * len] = j, pair[2 * len + 1] = i, len++;
  }
  return pairs_to_csr(n, pair, len);
}

int64_t mis2_rank_key(int32_t j, int round) {
  return (int64_t)amg_priority((uint32_t)j ^ amg_mis2_salt(round)) << 31 | j;
}

static int cmp_rank(const void *x, const void *y) {
  int64_t ki = mis2_rank_key(*(const int32_t *)x, 0), kj = mis2_rank_key(*(const int32_t *)y, 0);
  return (ki > kj) - (ki < kj);
}

fmt_csr *priority_path(int32_t n) {
  int32_t *order = malloc(((size_t)n + 1) * sizeof *order);
  int32_t *pair = malloc(((size_t)3 * n + 1) * 2 * sizeof *pair);
  if (!order || !pair) {
    free(order);
    free(pair);
    return NULL;
  }
  for (int32_t i = 0; i < n; i++)
    order[i] = i;
  qsort(order, (size_t)n, sizeof *order, cmp_rank);
  int64_t len = 0;
  for (int32_t p = 0; p < n; p++, len++)
    pair[2 * len] = pair[2 * len + 1] = p;
  for (int32_t p = 0; p + 1 < n; p++) {
    pair[2 * len] = order[p], pair[2 * len + 1] = order[p + 1], len++;
    pair[2 * len] = order[p + 1], pair[2 * len + 1] = order[p], len++;
  }
  free(order);
  return pairs_to_csr(n, pair, len);
}

#define COUPLED_CASES 8

/* Case k < COUPLED_CASES (see coupled_each_case in the header). */
static fmt_csr *coupled_case(int k, int *expect, const char **name) {
  static const struct {
    const char *name;
    int zeros;      /* stored zeros at (i, i - 1) and (i, i + 1) */
    int32_t i, j;   /* one more entry (i, j) = v, or (-1, -1) */
    double v;
    int expect;
  } cases[COUPLED_CASES] = {
      {"diagonal", 0, -1, -1, 0, 0},
      {"stored zeros", 1, -1, -1, 0, 0},
      {"stored zeros and -1 in an off-diagonal tile", 1, 3, 40, -1.0, 1},
      {"stored zeros and 1e-300 inside a diagonal tile", 1, 17, 19, 1e-300, 1},
      {"stored zeros and 5e-324 in the partial diagonal tile", 1, 48, 49, 5e-324, 1},
      {"stored zeros and a zero in an off-diagonal tile", 1, 5, 45, 0.0, 0},
      {"stored zeros and -1 at the diagonal's place (3, 3) of an off-diagonal tile", 1, 3, 35, -1.0, 1},
      {"1 x 1", 0, -1, -1, 0, 0},
  };
  *expect = cases[k].expect;
  *name = cases[k].name;
  int32_t n = k == COUPLED_CASES - 1 ? 1 : 50;
  fmt_csr *a = NULL;
  if (fmt_csr_create(n, n, 3 * (int64_t)n + 1, FMT_HOST, &a) != AMG_OK)
    return NULL;
  int64_t len = 0;
  for (int32_t i = 0; i < n; i++) {
    a->row_ptr[i] = len;
    for (int32_t j = i - 1; j <= i + 1 || (i == cases[k].i && j <= cases[k].j); j++) {
      int extra = i == cases[k].i && j == cases[k].j, beside = cases[k].zeros && (j == i - 1 || j == i + 1);
      if (j < 0 || j >= n || !(j == i || extra || beside))
        continue;
      a->col[len] = j;
      a->val[len++] = extra ? cases[k].v : j == i ? 2.0 + i : j < i ? 0.0 : -0.0;
    }
  }
  a->row_ptr[n] = len;
  a->nnz = len;
  return a;
}

void coupled_each_case(coupled_check check) {
  for (int k = 0; k < COUPLED_CASES; k++) {
    int expect = -1;
    const char *name = "";
    fmt_csr *a = coupled_case(k, &expect, &name);
    fmt_tile *t = NULL;
    CHECK(a != NULL, "coupled case %d: not built", k);
    if (a)
      CHECK_OK(fmt_tile_from_csr(a, &t));
    if (t)
      check(t, expect, name);
    fmt_csr_destroy(a);
    fmt_tile_destroy(t);
  }
}

void aggregate_each_case(aggregate_check check, const aggregate_poisson *poisson, size_t num_poisson,
                         const aggregate_random *random, size_t num_random, uint64_t seed_base) {
  for (size_t p = 0; p < num_poisson; p++) {
    fmt_csr *a = NULL;
    char name[64];
    snprintf(name, sizeof name, "poisson %d-point n=%d", poisson[p].stencil, poisson[p].n);
    CHECK_OK(fmt_poisson(poisson[p].stencil, poisson[p].n, &a));
    for (keep_rule rule = KEEP_ALL; a && rule <= KEEP_ISOLATE; rule++)
      check(a, rule, name);
    fmt_csr_destroy(a);
  }
  for (size_t q = 0; q < num_random; q++) {
    fmt_csr *a = random_symmetric(random[q].n, random[q].edges, random[q].reach, seed_base + q);
    CHECK(a != NULL, "%s: not built", random[q].name);
    for (keep_rule rule = KEEP_ALL; a && rule <= KEEP_ISOLATE; rule++)
      check(a, rule, random[q].name);
    fmt_csr_destroy(a);
  }
  fmt_csr *path = priority_path(3000);
  CHECK(path != NULL, "priority path: not built");
  for (keep_rule rule = KEEP_ALL; path && rule <= KEEP_ISOLATE; rule++)
    check(path, rule, "path n=3000 numbered by increasing MIS-2 priority");
  fmt_csr_destroy(path);
  fmt_csr *empty = NULL;
  CHECK_OK(fmt_csr_create(0, 0, 0, FMT_HOST, &empty));
  if (empty) {
    empty->row_ptr[0] = 0;
    check(empty, KEEP_ALL, "0x0");
  }
  fmt_csr_destroy(empty);
}
