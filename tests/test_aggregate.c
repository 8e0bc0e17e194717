/* MIS-2 aggregation on the host, checked by brute force.
 *
 * The test reads the strength graph its own way (from the CSR, through a
 * symmetric keep(i, j) rule that also builds smask from the tile entries),
 * runs the MIS-2 rounds in a second formulation (an undecided node looks at
 * every node within distance 2 found by search, instead of composing two
 * maxima), and then checks what the contract promises: roots pairwise at
 * distance >= 3 and maximal, isolated nodes -1 and every other node
 * aggregated, ids numbered by increasing root index, one root per aggregate,
 * members within distance 2 of their root through a member, the pass-1 and
 * pass-2 choices, the statistics against a recount, repeatability, and the
 * argument checks. Inputs: the four Poisson stencils, random symmetric
 * graphs (some with many isolated nodes), smask a strict subset of the
 * off-diagonal pattern, a diagonal matrix, and tiny shapes. */
#include <stdlib.h>
#include <string.h>

#include "aggregate_inputs.h"
#include "amg_ops.h"
#include "test_util.h"

/* ---- the graph as the test sees it: sorted adjacency lists from the CSR ---- */

typedef struct graph {
  int32_t n;
  int64_t *ptr;
  int32_t *adj;
} graph;

static graph read_graph(const fmt_csr *a, keep_rule rule) {
  graph g = {a->m, calloc((size_t)a->m + 1, sizeof(int64_t)), malloc((size_t)a->nnz * 4 + 4)};
  for (int32_t i = 0; i < a->m; i++) {
    g.ptr[i + 1] = g.ptr[i];
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
      if (keep(rule, i, a->col[k]))
        g.adj[g.ptr[i + 1]++] = a->col[k];
  }
  return g;
}

static int adjacent(const graph *g, int32_t i, int32_t j) {
  int64_t lo = g->ptr[i], hi = g->ptr[i + 1];
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (g->adj[mid] == j)
      return 1;
    if (g->adj[mid] < j)
      lo = mid + 1;
    else
      hi = mid;
  }
  return 0;
}

static int isolated(const graph *g, int32_t i) { return g->ptr[i + 1] == g->ptr[i]; }

/* Nodes within distance 2 of i (i included) into out; returns how many.
 * mark[] holds stamps; stamp must be fresh for each call. */
static int32_t within2(const graph *g, int32_t i, int32_t *mark, int32_t stamp, int32_t *out) {
  int32_t len = 0;
  mark[i] = stamp;
  out[len++] = i;
  for (int64_t k = g->ptr[i]; k < g->ptr[i + 1]; k++) {
    int32_t j = g->adj[k];
    if (mark[j] != stamp) {
      mark[j] = stamp;
      out[len++] = j;
    }
    for (int64_t l = g->ptr[j]; l < g->ptr[j + 1]; l++)
      if (mark[g->adj[l]] != stamp) {
        mark[g->adj[l]] = stamp;
        out[len++] = g->adj[l];
      }
  }
  return len;
}

/* n + 1 zeroed int32s (never a zero-byte allocation). */
static int32_t *ints(int32_t n) { return calloc((size_t)n + 1, sizeof(int32_t)); }

/* The MIS-2 rounds, second formulation: an undecided node leaves when a set
 * node lies within distance 2, and joins when its (priority, index) beats
 * every undecided node within distance 2. Returns the number of rounds;
 * in_set[i] = 1 for the roots. */
static int reference_mis2(const graph *g, char *in_set) {
  int32_t n = g->n;
  char *state = malloc((size_t)n + 1), *next = malloc((size_t)n + 1); /* 0 out, 1 undecided, 2 in */
  int32_t *mark = ints(n), *near = ints(n);
  int32_t undecided = 0, stamp = 0;
  for (int32_t i = 0; i < n; i++) {
    state[i] = isolated(g, i) ? 0 : 1;
    undecided += state[i];
    mark[i] = -1;
  }
  int rounds = 0;
  while (undecided > 0 && rounds <= n) {
    for (int32_t i = 0; i < n; i++) {
      next[i] = state[i];
      if (state[i] != 1)
        continue;
      int32_t len = within2(g, i, mark, stamp++, near);
      int any_in = 0, beaten = 0;
      for (int32_t q = 0; q < len; q++) {
        any_in |= state[near[q]] == 2;
        beaten |= state[near[q]] == 1 && mis2_rank_key(near[q], rounds) > mis2_rank_key(i, rounds);
      }
      next[i] = any_in ? 0 : beaten ? 1 : 2;
    }
    memcpy(state, next, (size_t)n);
    undecided = 0;
    for (int32_t i = 0; i < n; i++)
      undecided += state[i] == 1;
    rounds++;
  }
  for (int32_t i = 0; i < n; i++)
    in_set[i] = state[i] == 2;
  free(state);
  free(next);
  free(mark);
  free(near);
  return rounds;
}

/* ---- the checks ---- */

#define FAIL_AT(cond, ...)                                                                         \
  do {                                                                                             \
    if (!(cond) && shown++ < 5)                                                                    \
      CHECK(cond, __VA_ARGS__);                                                                    \
  } while (0)

static void check_aggregation(const fmt_csr *csr, keep_rule rule, const char *name) {
  char what[160];
  snprintf(what, sizeof what, "%s, %s", name, keep_rule_name[rule]);
  fmt_tile *a = NULL;
  CHECK_OK(fmt_tile_from_csr(csr, &a));
  if (!a)
    return;
  int32_t n = a->m;
  uint16_t *smask = strength_mask(a, rule);
  graph g = read_graph(csr, rule);
  int32_t *agg = ints(n), *agg2 = ints(n), *root_of = ints(n), *roots_in = ints(n);
  int32_t *size = ints(n), *mark = ints(n), *near = ints(n);
  char *in_set = malloc((size_t)n + 1);
  for (int32_t i = 0; i < n; i++) {
    agg[i] = agg2[i] = -7; /* not a value the operation may leave */
    mark[i] = -1;
  }
  amg_aggregate_stats st, st2;
  amg_status s = amg_aggregate_host(a, smask, agg, &st);
  CHECK(s == AMG_OK, "%s: %s: %s", what, amg_status_name(s), amg_error_message());
  CHECK_OK(amg_aggregate_host(a, smask, agg2, &st2));
  CHECK(!memcmp(agg, agg2, (size_t)n * sizeof *agg), "%s: two runs give different agg", what);
  CHECK(st.count == st2.count && st.isolated == st2.isolated && st.min_size == st2.min_size &&
            st.max_size == st2.max_size && st.mean_size == st2.mean_size && st.rounds == st2.rounds,
        "%s: two runs give different stats", what);
  if (s != AMG_OK)
    goto done;

  int rounds = reference_mis2(&g, in_set);
  CHECK(st.rounds == rounds, "%s: %d rounds, the second formulation took %d", what, st.rounds,
        rounds);
  int32_t count = 0, isolated_nodes = 0, shown = 0;
  for (int32_t i = 0; i < n; i++) {
    if (in_set[i])
      root_of[count++] = i; /* root_of[k]: the k-th root by index */
    isolated_nodes += isolated(&g, i);
  }
  CHECK(st.count == count, "%s: %d aggregates, expected %d roots", what, st.count, count);
  CHECK(st.isolated == isolated_nodes, "%s: %d isolated, graph has %d", what, st.isolated,
        isolated_nodes);

  /* The set: roots pairwise at distance >= 3; every connected node within 2 of one. */
  for (int32_t i = 0, stamp = 0; i < n; i++) {
    if (isolated(&g, i)) {
      FAIL_AT(!in_set[i], "%s: isolated node %d is a root", what, i);
      continue;
    }
    int32_t len = within2(&g, i, mark, stamp++, near), roots_near = 0;
    for (int32_t q = 0; q < len; q++)
      roots_near += in_set[near[q]] && near[q] != i;
    if (in_set[i])
      FAIL_AT(roots_near == 0, "%s: root %d has another root within distance 2", what, i);
    else
      FAIL_AT(roots_near > 0, "%s: node %d has no root within distance 2 (not maximal)", what, i);
  }

  /* Ids: -1 exactly for isolated nodes; the k-th root by index has id k. */
  for (int32_t i = 0; i < n; i++) {
    if (isolated(&g, i))
      FAIL_AT(agg[i] == -1, "%s: isolated node %d has agg %d", what, i, agg[i]);
    else
      FAIL_AT(agg[i] >= 0 && agg[i] < count, "%s: node %d has agg %d of %d", what, i, agg[i],
              count);
    if (agg[i] >= 0 && agg[i] < count) {
      size[agg[i]]++;
      roots_in[agg[i]] += in_set[i];
    }
  }
  for (int32_t k = 0; k < count; k++) {
    FAIL_AT(agg[root_of[k]] == k, "%s: root %d (the %d-th by index) has agg %d", what,
            root_of[k], k, agg[root_of[k]]);
    FAIL_AT(roots_in[k] == 1, "%s: aggregate %d holds %d roots", what, k, roots_in[k]);
  }

  /* Members: the root, a neighbour of it, or a neighbour of a member next to it.
   * And the exact choices: pass 1 takes the smallest root neighbour; pass 2
   * the pass-1-assigned neighbour of largest (priority, index). */
  for (int32_t i = 0; i < n; i++) {
    if (agg[i] < 0 || agg[i] >= count || in_set[i])
      continue;
    int32_t r = root_of[agg[i]], via = -1, first_root = -1, best = -1;
    for (int64_t k = g.ptr[i]; k < g.ptr[i + 1]; k++) {
      int32_t j = g.adj[k];
      if (agg[j] == agg[i] && adjacent(&g, j, r))
        via = j;
      if (in_set[j] && (first_root < 0 || j < first_root))
        first_root = j;
    }
    FAIL_AT(adjacent(&g, i, r) || via >= 0,
            "%s: node %d in aggregate %d is neither next to root %d nor to a member next to it",
            what, i, agg[i], r);
    if (first_root >= 0) {
      FAIL_AT(r == first_root, "%s: node %d joined root %d, pass 1 says root %d", what, i, r,
              first_root);
      continue;
    }
    for (int64_t k = g.ptr[i]; k < g.ptr[i + 1]; k++) { /* pass 1 assigned roots and neighbours */
      int32_t j = g.adj[k], by_pass1 = in_set[j];
      for (int64_t l = g.ptr[j]; l < g.ptr[j + 1]; l++)
        by_pass1 |= in_set[g.adj[l]];
      if (by_pass1 && (best < 0 || mis2_rank_key(j, 0) > mis2_rank_key(best, 0)))
        best = j;
    }
    FAIL_AT(best >= 0 && agg[i] == agg[best], "%s: node %d has agg %d, pass 2 says neighbour %d's",
            what, i, agg[i], best);
  }

  /* Statistics against a recount. */
  int32_t min = count ? n : 0, max = 0, members = 0;
  for (int32_t k = 0; k < count; k++) {
    min = size[k] < min ? size[k] : min;
    max = size[k] > max ? size[k] : max;
    members += size[k];
  }
  CHECK(members == n - isolated_nodes, "%s: %d nodes aggregated, %d connected", what, members,
        n - isolated_nodes);
  CHECK(st.min_size == min && st.max_size == max,
        "%s: sizes min %d max %d, recount %d and %d", what, st.min_size, st.max_size, min, max);
  double mean = count ? (double)members / count : 0.0;
  CHECK(st.mean_size == mean, "%s: mean size %.17g, recount %.17g", what, st.mean_size, mean);
  if (count > 0) /* a root and its (non-empty) neighbourhood */
    CHECK(min >= 2, "%s: an aggregate of %d node(s)", what, min);

done:
  fmt_tile_destroy(a);
  free(smask);
  free(g.ptr);
  free(g.adj);
  free(agg);
  free(agg2);
  free(root_of);
  free(roots_in);
  free(size);
  free(mark);
  free(near);
  free(in_set);
}

static void check_arguments(void) {
  fmt_csr *csr = NULL, *rect = test_random_csr(37, 53, 0.15, 11, 0, 0);
  fmt_tile *a = NULL, *r = NULL;
  CHECK_OK(fmt_poisson(5, 6, &csr));
  CHECK_OK(fmt_tile_from_csr(csr, &a));
  CHECK_OK(fmt_tile_from_csr(rect, &r));
  if (!a || !r)
    goto done;
  uint16_t *smask = strength_mask(a, KEEP_ALL), *rmask = strength_mask(r, KEEP_ALL);
  int32_t agg[64];
  amg_aggregate_stats st;
  CHECK_ERROR(amg_aggregate_host(NULL, smask, agg, &st), AMG_ERR_ARG, "NULL");
  CHECK_ERROR(amg_aggregate_host(a, NULL, agg, &st), AMG_ERR_ARG, "NULL");
  CHECK_ERROR(amg_aggregate_host(a, smask, NULL, &st), AMG_ERR_ARG, "NULL");
  CHECK_ERROR(amg_aggregate_host(a, smask, agg, NULL), AMG_ERR_ARG, "NULL");
  CHECK_ERROR(amg_aggregate_host(r, rmask, agg, &st), AMG_ERR_ARG, "not square");
  fmt_tile on_device = *a; /* never dereferenced: the location check comes first */
  on_device.loc = FMT_DEVICE;
  CHECK_ERROR(amg_aggregate_host(&on_device, smask, agg, &st), AMG_ERR_ARG, "host matrix");
#ifdef AMG_HAVE_CUDA
  CHECK_ERROR(amg_aggregate_device(a, smask, agg, &st), AMG_ERR_ARG, "device matrix");
  CHECK_ERROR(amg_aggregate_device(NULL, smask, agg, &st), AMG_ERR_ARG, "NULL");
#else
  CHECK_ERROR(amg_aggregate_device(a, smask, agg, &st), AMG_ERR_NO_CUDA, "CUDA");
#endif
  free(smask);
  free(rmask);
done:
  fmt_csr_destroy(csr);
  fmt_csr_destroy(rect);
  fmt_tile_destroy(a);
  fmt_tile_destroy(r);
}

/* A diagonal matrix: everything isolated, no round. Diagonal bits set in
 * smask (outside the contract) are ignored rather than making nodes connected. */
static void check_diagonal(int32_t n) {
  fmt_csr *d = random_symmetric(n, 0, 1, 5);
  fmt_tile *a = NULL;
  CHECK_OK(fmt_tile_from_csr(d, &a));
  if (a) {
    uint16_t *smask = calloc((size_t)(FMT_TILE * a->num_tiles) + 1, sizeof *smask);
    int32_t *agg = malloc(((size_t)n + 1) * sizeof *agg);
    amg_aggregate_stats st;
    for (int pass = 0; pass < 2; pass++) {
      if (pass == 1)
        memcpy(smask, a->mask, (size_t)(FMT_TILE * a->num_tiles) * sizeof *smask);
      CHECK_OK(amg_aggregate_host(a, smask, agg, &st));
      int wrong = 0;
      for (int32_t i = 0; i < n; i++)
        wrong += agg[i] != -1;
      CHECK(!wrong && st.count == 0 && st.isolated == n && st.rounds == 0 && st.min_size == 0 &&
                st.max_size == 0 && st.mean_size == 0.0,
            "diagonal %d (diagonal bits %s): %d aggregated, count %d, isolated %d, rounds %d", n,
            pass ? "set" : "clear", wrong, st.count, st.isolated, st.rounds);
    }
    free(smask);
    free(agg);
  }
  fmt_csr_destroy(d);
  fmt_tile_destroy(a);
}

/* The device kernels' split setting is validated where it is set. */
/* A path numbered by increasing first priorities: with fixed priorities
 * each round decides a node or two at its end (20,000 rounds for n =
 * 30,000, 5 s on one core); fresh ones after AMG_MIS2_FIXED_ROUNDS rounds
 * finish it in a few more. */
static void check_priority_path(int32_t n) {
  fmt_csr *csr = priority_path(n);
  fmt_tile *a = NULL;
  CHECK(csr != NULL, "priority path: not built");
  CHECK_OK(fmt_tile_from_csr(csr, &a));
  if (a) {
    uint16_t *smask = strength_mask(a, KEEP_ALL);
    int32_t *agg = ints(n);
    amg_aggregate_stats st;
    CHECK_OK(amg_aggregate_host(a, smask, agg, &st));
    printf("path n=%d numbered by priority: %d MIS-2 rounds, %d aggregates\n", n, st.rounds, st.count);
    CHECK(st.rounds > AMG_MIS2_FIXED_ROUNDS && st.rounds <= AMG_MIS2_FIXED_ROUNDS + 40,
          "path n=%d: %d rounds (the first %d with fixed priorities decide a node or two each)", n, st.rounds,
          AMG_MIS2_FIXED_ROUNDS);
    free(agg);
    free(smask);
  }
  fmt_tile_destroy(a);
  fmt_csr_destroy(csr);
}

static void check_parts_setting(void) {
  CHECK(amg_aggregate_get_parts() == 0, "the default split is automatic (0)");
  CHECK_ERROR(amg_aggregate_set_parts(3), AMG_ERR_ARG, "half-warps per tile row");
  CHECK_ERROR(amg_aggregate_set_parts(16), AMG_ERR_ARG, "half-warps per tile row");
  CHECK(amg_aggregate_get_parts() == 0, "a refused split leaves the setting alone");
  CHECK_OK(amg_aggregate_set_parts(4));
  CHECK(amg_aggregate_get_parts() == 4, "the split is kept");
  CHECK_OK(amg_aggregate_set_parts(0));
}

/* amg_coupled_host on a coupled_case, against the case's construction. */
static void check_coupled(const fmt_tile *t, int expect, const char *name) {
  int coupled = -1;
  CHECK_OK(amg_coupled_host(t, &coupled));
  CHECK(coupled == expect, "coupled, %s: %d, expected %d", name, coupled, expect);
  CHECK_ERROR(amg_coupled_host(t, NULL), AMG_ERR_ARG, "result");
  CHECK_ERROR(amg_coupled_host(NULL, &coupled), AMG_ERR_ARG, "host matrix");
}

int main(void) {
  static const aggregate_poisson poisson[] = {{5, 30}, {9, 30}, {7, 10}, {27, 8}};
  static const aggregate_random rnd[] = {
      {500, 750, 500, "random symmetric n=500, 750 edges anywhere"},
      {1000, 400, 1000, "random symmetric n=1000, 400 edges (many isolated)"},
      {777, 3000, 40, "random symmetric n=777, 3000 edges within 40"},
      {333, 1500, 333, "random symmetric n=333, 1500 edges anywhere"},
      {17, 12, 17, "random symmetric n=17 (partial tile)"},
      {2, 1, 2, "random symmetric n=2, one edge"},
      {1, 0, 1, "1x1"},
  };
  aggregate_each_case(check_aggregation, poisson, sizeof poisson / sizeof *poisson, rnd, sizeof rnd / sizeof *rnd,
                      1000);
  check_diagonal(40);
  check_priority_path(30000);
  coupled_each_case(check_coupled);
  check_arguments();
  check_parts_setting();
  return test_finish("test_aggregate");
}
