/* Reverse Cuthill-McKee numbering of a host CSR matrix's graph (the pattern
 * of A + A^T, diagonal ignored), for the locality the 16x16 tiles need.
 * Each connected component is numbered by a breadth-first search from a
 * pseudo-peripheral node (George and Liu's search, restarted from a
 * smallest-degree node of the last level; two searches at most, below),
 * neighbours taken in increasing degree, ties by index; the whole order is
 * then reversed. Deterministic: it depends on the pattern only. */
#include <stdlib.h>

#include "fmt_internal.h"

/* The graph of A + A^T without the diagonal, each edge once: row i's
 * neighbours adj[ptr[i] .. ptr[i+1]-1], sorted; the degree is the row's length. */
typedef struct graph {
  int64_t *ptr;
  int32_t *adj;
} graph;

typedef struct bfs {
  int32_t *queue, *level; /* level: -1 unvisited in this search */
  int32_t *stamp;         /* stamp[i] == pass: visited by search `pass` */
} bfs;

#define DEGREE(g, v) ((int32_t)((g)->ptr[(v) + 1] - (g)->ptr[v]))

/* Merges row i of A and of A^T (both sorted) into g, twice: count, then fill. */
static amg_status build_graph(const fmt_csr *a, const fmt_csr *at, graph *g) {
  int32_t n = a->m;
  amg_status s = fmt_alloc((void **)&g->ptr, (int64_t)n + 1, sizeof *g->ptr, FMT_HOST);
  for (int fill = 0; fill < 2 && s == AMG_OK; fill++) {
    int64_t count = 0;
    for (int32_t i = 0; i < n; i++) {
      int64_t p = a->row_ptr[i], pe = a->row_ptr[i + 1], q = at->row_ptr[i], qe = at->row_ptr[i + 1];
      if (fill)
        g->ptr[i] = count;
      while (p < pe || q < qe) {
        int32_t j = q >= qe || (p < pe && a->col[p] <= at->col[q]) ? a->col[p] : at->col[q];
        p += p < pe && a->col[p] == j;
        q += q < qe && at->col[q] == j;
        if (j != i) {
          if (fill)
            g->adj[count] = j;
          count++;
        }
      }
    }
    if (fill)
      g->ptr[n] = count;
    else
      s = fmt_alloc((void **)&g->adj, count + 1, sizeof *g->adj, FMT_HOST);
  }
  return s;
}

/* Breadth-first levels of root's component, marked with pass; returns the
 * number of nodes, and through *last_start the first index in queue of the
 * last level. */
static int32_t levels_from(const graph *g, bfs *b, int32_t root, int32_t pass, int32_t *last_start,
                           int32_t *depth) {
  int32_t head = 0, tail = 0;
  b->queue[tail++] = root;
  b->stamp[root] = pass;
  b->level[root] = 0;
  *last_start = 0;
  while (head < tail) {
    int32_t v = b->queue[head++];
    if (b->level[v] > b->level[b->queue[*last_start]])
      *last_start = head - 1;
    for (int64_t k = g->ptr[v]; k < g->ptr[v + 1]; k++) {
      int32_t w = g->adj[k];
      if (b->stamp[w] != pass) {
        b->stamp[w] = pass;
        b->level[w] = b->level[v] + 1;
        b->queue[tail++] = w;
      }
    }
  }
  *depth = b->level[b->queue[tail - 1]];
  return tail;
}

/* A pseudo-peripheral node of start's component: from each search, the
 * smallest-degree node of its last level, for PERIPHERAL_ROUNDS searches
 * at most. Two suffice on grids and meshes (the first from anywhere, the
 * second from a far node), and a third, which only confirmed the second's
 * end, took a quarter of the time on a shuffled 1000 x 1000 grid. */
#define PERIPHERAL_ROUNDS 2
static int32_t peripheral(const graph *g, bfs *b, int32_t start, int32_t *pass) {
  int32_t root = start, last, depth, best_depth = -1;
  for (int round = 0; round < PERIPHERAL_ROUNDS; round++) {
    int32_t count = levels_from(g, b, root, ++*pass, &last, &depth);
    if (depth <= best_depth)
      break;
    best_depth = depth;
    int32_t next = b->queue[last];
    for (int32_t q = last + 1; q < count; q++)
      if (DEGREE(g, b->queue[q]) < DEGREE(g, next))
        next = b->queue[q];
    if (next == root)
      break;
    root = next;
  }
  return root;
}

/* Sorts order[lo .. hi-1], a node's new neighbours, by (degree, index)
 * through keys (room for hi - lo). */
static void sort_by_degree(int32_t *order, int32_t lo, int32_t hi, const graph *g, int64_t *keys) {
  int32_t len = hi - lo;
  for (int32_t i = 0; i < len; i++)
    keys[i] = (int64_t)DEGREE(g, order[lo + i]) << 32 | order[lo + i];
  fmt_sort_int64(keys, (size_t)len);
  for (int32_t i = 0; i < len; i++)
    order[lo + i] = (int32_t)(keys[i] & 0xFFFFFFFF);
}

amg_status fmt_csr_rcm(const fmt_csr *a, int32_t **perm_out) {
  if (!perm_out)
    return amg_error(AMG_ERR_ARG, "csr_rcm: perm is NULL");
  *perm_out = NULL;
  if (!a)
    return amg_error(AMG_ERR_ARG, "csr_rcm: a is NULL");
  if (a->loc != FMT_HOST || a->m != a->n)
    return amg_error(AMG_ERR_ARG, "csr_rcm: need a square host matrix, not %d x %d", a->m, a->n);
  int32_t n = a->m;
  fmt_csr *at = NULL;
  graph g = {NULL, NULL};
  bfs b = {NULL, NULL, NULL};
  int32_t *order = NULL, *placed = NULL;
  int64_t *keys = NULL;
  amg_status s = fmt_csr_transpose(a, &at);
  if (s == AMG_OK)
    s = build_graph(a, at, &g);
  fmt_csr_destroy(at);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&b.queue, (int64_t)n + 1, sizeof(int32_t), FMT_HOST);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&b.level, (int64_t)n + 1, sizeof(int32_t), FMT_HOST);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&b.stamp, (int64_t)n + 1, sizeof(int32_t), FMT_HOST);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&order, (int64_t)n + 1, sizeof(int32_t), FMT_HOST);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&placed, (int64_t)n + 1, sizeof(int32_t), FMT_HOST);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&keys, (int64_t)n + 1, sizeof(int64_t), FMT_HOST);
  if (s != AMG_OK)
    goto done;
  for (int32_t v = 0; v < n; v++) {
    b.stamp[v] = -1;
    placed[v] = 0;
  }
  int32_t pass = -1, count = 0;
  for (int32_t v = 0; v < n; v++) {
    if (placed[v])
      continue;
    int32_t root = peripheral(&g, &b, v, &pass), head = count;
    order[count++] = root;
    placed[root] = 1;
    while (head < count) {
      int32_t u = order[head++], first = count;
      for (int64_t k = g.ptr[u]; k < g.ptr[u + 1]; k++)
        if (!placed[g.adj[k]]) {
          placed[g.adj[k]] = 1;
          order[count++] = g.adj[k];
        }
      sort_by_degree(order, first, count, &g, keys);
    }
  }
  for (int32_t i = 0; i < n; i++) /* reversed: perm[new] = old */
    placed[i] = order[n - 1 - i];
  *perm_out = placed;
  placed = NULL;
done:
  free(g.ptr);
  free(g.adj);
  free(b.queue);
  free(b.level);
  free(b.stamp);
  free(order);
  free(placed);
  free(keys);
  return s;
}
