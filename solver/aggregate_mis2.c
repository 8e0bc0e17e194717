/* MIS-2 aggregation on the host (the CPU reference of aggregate_mis2.cu).
 *
 * The strength graph is first read into adjacency lists: node i = 16 ti + r
 * has the neighbours j = 16 tile_col[t] + c, c a set bit of smask[16t + r],
 * for the tiles t of tile row ti, in increasing order; a diagonal bit, should
 * one be set, is ignored (j != i). Then the contract of amg_ops.h, literally:
 *   - states OUT < UNDECIDED < IN are the key ranks 0, 1, 2; ISOLATED (no
 *     neighbour) has rank 0 and never changes;
 *   - each round computes m1 for every node, then m2 and the next states,
 *     reading only the previous round's states (two state arrays);
 *   - roots numbered by increasing index; pass 1 joins the smallest root
 *     neighbour; pass 2 reads pass-1 results only (agg1) and joins the
 *     assigned neighbour of largest (priority, index);
 *   - statistics recounted from agg.
 * Every round decides at least the undecided node of largest key (nothing
 * within distance 2 outranks it), so the undecided count falls strictly each
 * round; a round that does not lower it is reported as a bug, never looped. */
#include <stdlib.h>

#include "amg_ops.h"

enum { NODE_OUT = 0, NODE_UNDECIDED = 1, NODE_IN = 2, NODE_ISOLATED = 3 };

static int device_parts = 0; /* amg_aggregate_set_parts */

amg_status amg_aggregate_set_parts(int parts) {
  if (parts != 0 && parts != 1 && parts != 2 && parts != 4 && parts != 8)
    return amg_error(AMG_ERR_ARG, "aggregate: %d half-warps per tile row; use 0 (automatic), 1, 2, 4 or 8", parts);
  device_parts = parts;
  return AMG_OK;
}

int amg_aggregate_get_parts(void) { return device_parts; }

static uint64_t node_key(int32_t j, uint8_t state, uint32_t salt) {
  uint64_t rank = state == NODE_ISOLATED ? 0 : state;
  return rank << 62 | (uint64_t)amg_priority((uint32_t)j ^ salt) << 31 | (uint64_t)j;
}

/* Adjacency lists of the strength graph: adj[ptr[i] .. ptr[i+1]-1], increasing.
 * fill = 0 only counts (into ptr[i+1]); fill = 1 writes adj. */
static void read_graph(const fmt_tile *a, const uint16_t *smask, int64_t *ptr, int32_t *adj,
                       int fill) {
  int32_t n = a->m;
  ptr[0] = 0;
  for (int32_t i = 0; i < n; i++) {
    int32_t ti = i / FMT_TILE, r = i % FMT_TILE;
    int64_t k = ptr[i];
    for (int64_t t = a->tile_ptr[ti]; t < a->tile_ptr[ti + 1]; t++)
      for (int c = 0; c < FMT_TILE; c++) {
        int32_t j = FMT_TILE * a->tile_col[t] + c;
        if (((smask[FMT_TILE * t + r] >> c) & 1u) && j != i) {
          if (fill)
            adj[k] = j;
          k++;
        }
      }
    if (!fill)
      ptr[i + 1] = k;
  }
}

amg_status amg_aggregate_check_args(const fmt_tile *a, const uint16_t *smask, const int32_t *agg,
                                    amg_aggregate_stats *st, fmt_location loc, const char *who) {
  if (st)
    *st = (amg_aggregate_stats){0};
  if (!a || !st || (a->num_tiles > 0 && !smask) || (a->m > 0 && !agg))
    return amg_error(AMG_ERR_ARG, "%s: NULL argument", who);
  if (a->loc != loc)
    return amg_error(AMG_ERR_ARG, "%s: need a %s matrix", who, loc == FMT_HOST ? "host" : "device");
  if (a->m != a->n)
    return amg_error(AMG_ERR_ARG, "%s: matrix is %d x %d, not square", who, a->m, a->n);
  return AMG_OK;
}

amg_status amg_aggregate_host(const fmt_tile *a, const uint16_t *smask, int32_t *agg,
                              amg_aggregate_stats *st) {
  amg_status checked = amg_aggregate_check_args(a, smask, agg, st, FMT_HOST, "aggregate_host");
  if (checked != AMG_OK)
    return checked;
  int32_t n = a->m, count = 0, rounds = 0, undecided = 0, isolated = 0;
  size_t un = (size_t)n + 1;
  int64_t *ptr = malloc(un * sizeof *ptr);
  uint8_t *state = malloc(un), *next = malloc(un);
  uint64_t *m1 = malloc(un * sizeof *m1);
  int32_t *root_id = malloc(un * sizeof *root_id), *agg1 = malloc(un * sizeof *agg1);
  int32_t *adj = NULL, *size = NULL;
  amg_status s = AMG_OK;
  if (!ptr || !state || !next || !m1 || !root_id || !agg1)
    goto nomem;
  read_graph(a, smask, ptr, NULL, 0);
  adj = malloc(((size_t)ptr[n] + 1) * sizeof *adj);
  if (!adj)
    goto nomem;
  read_graph(a, smask, ptr, adj, 1);

  for (int32_t i = 0; i < n; i++) {
    state[i] = ptr[i + 1] > ptr[i] ? NODE_UNDECIDED : NODE_ISOLATED;
    undecided += state[i] == NODE_UNDECIDED;
  }
  while (undecided > 0) {
    uint32_t salt = amg_mis2_salt(rounds);
    for (int32_t i = 0; i < n; i++) {
      uint64_t m = node_key(i, state[i], salt);
      for (int64_t k = ptr[i]; k < ptr[i + 1]; k++)
        if (node_key(adj[k], state[adj[k]], salt) > m)
          m = node_key(adj[k], state[adj[k]], salt);
      m1[i] = m;
    }
    int32_t left = 0;
    for (int32_t i = 0; i < n; i++) {
      next[i] = state[i];
      if (state[i] != NODE_UNDECIDED)
        continue;
      uint64_t m2 = m1[i];
      for (int64_t k = ptr[i]; k < ptr[i + 1]; k++)
        if (m1[adj[k]] > m2)
          m2 = m1[adj[k]];
      if (m2 == node_key(i, NODE_UNDECIDED, salt))
        next[i] = NODE_IN;
      else if (m2 >> 62 == NODE_IN)
        next[i] = NODE_OUT;
      left += next[i] == NODE_UNDECIDED;
    }
    uint8_t *swap = state;
    state = next;
    next = swap;
    rounds++;
    if (left >= undecided) {
      s = amg_error(AMG_ERR_NOT_CONVERGED,
                    "aggregate_host: MIS-2 round %d left %d of %d nodes undecided (a bug)", rounds,
                    left, undecided);
      goto done;
    }
    undecided = left;
  }

  for (int32_t i = 0; i < n; i++)
    root_id[i] = state[i] == NODE_IN ? count++ : -1;
  for (int32_t i = 0; i < n; i++) { /* pass 1 */
    agg1[i] = root_id[i];
    if (state[i] != NODE_OUT)
      continue;
    int32_t best = -1;
    for (int64_t k = ptr[i]; k < ptr[i + 1]; k++)
      if (state[adj[k]] == NODE_IN && (best < 0 || adj[k] < best))
        best = adj[k];
    if (best >= 0)
      agg1[i] = root_id[best];
  }
  for (int32_t i = 0; i < n; i++) { /* pass 2 */
    agg[i] = agg1[i];
    if (agg1[i] >= 0 || state[i] == NODE_ISOLATED)
      continue;
    int64_t best = -1;
    for (int64_t k = ptr[i]; k < ptr[i + 1]; k++) {
      int32_t j = adj[k];
      int64_t pj = (int64_t)amg_priority((uint32_t)j) << 31 | j;
      if (agg1[j] >= 0 && pj > best) {
        best = pj;
        agg[i] = agg1[j];
      }
    }
  }

  size = calloc((size_t)count + 1, sizeof *size);
  if (!size)
    goto nomem;
  s = amg_aggregate_sizes_host(agg, n, count, NULL, size);
  if (s != AMG_OK)
    goto done;
  for (int32_t i = 0; i < n; i++)
    isolated += agg[i] < 0;
  st->count = count;
  st->isolated = isolated;
  st->rounds = rounds;
  if (count > 0) {
    st->min_size = st->max_size = size[0];
    for (int32_t k = 1; k < count; k++) {
      st->min_size = size[k] < st->min_size ? size[k] : st->min_size;
      st->max_size = size[k] > st->max_size ? size[k] : st->max_size;
    }
    st->mean_size = (double)(n - isolated) / count;
  }
  goto done;
nomem:
  s = amg_error(AMG_ERR_NOMEM, "aggregate_host: out of host memory (n = %d)", n);
done:
  free(ptr);
  free(adj);
  free(state);
  free(next);
  free(m1);
  free(root_id);
  free(agg1);
  free(size);
  if (s != AMG_OK)
    *st = (amg_aggregate_stats){0};
  return s;
}
