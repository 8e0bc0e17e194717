/* Inputs shared by the host and GPU aggregation tests: symmetric rules for
 * which off-diagonal entries are strong, the tile strength mask they give,
 * and random symmetric graphs. */
#ifndef AGGREGATE_INPUTS_H
#define AGGREGATE_INPUTS_H

#include <stdint.h>

#include "formats.h"

typedef enum { KEEP_ALL, KEEP_HASHED, KEEP_ISOLATE } keep_rule;

extern const char *const keep_rule_name[];

/* 1 when the off-diagonal entry (i, j) is strong under rule; symmetric in i, j. */
int keep(keep_rule rule, int32_t i, int32_t j);

/* smask from the tile entries: bit (r, c) of tile t when the entry is kept
 * (calloc'd, FMT_TILE * num_tiles + 1 entries). */
uint16_t *strength_mask(const fmt_tile *a, keep_rule rule);

/* Symmetric n x n matrix: the diagonal (4), plus `edges` random edges (-1),
 * each between i and a node within `reach` of it (reach = n: anywhere),
 * both ways. */
fmt_csr *random_symmetric(int32_t n, int64_t edges, int32_t reach, uint64_t seed);

/* Node j's MIS-2 (priority, index) in round `round`, as one comparable number
 * (amg_ops.h's key without the state rank). */
int64_t mis2_rank_key(int32_t j, int round);

/* The path through nodes 0..n-1 in increasing order of MIS-2's first
 * priorities (amg_priority, then index), the diagonal 4, the edges -1: with
 * those priorities each MIS-2 round decides a node or two at its end. */
fmt_csr *priority_path(int32_t n);

/* amg_coupled's inputs, each a host tile matrix: a diagonal matrix of 50
 * rows (four tiles, the last partial) or 1 row, most with stored zeros (+0.0
 * and -0.0) beside the diagonal and some with one more entry off it. expect
 * is 1 exactly when a stored off-diagonal value is nonzero. */
typedef void (*coupled_check)(const fmt_tile *a, int expect, const char *name);
void coupled_each_case(coupled_check check);

/* Test inputs: Poisson matrices, and random symmetric graphs (seeded
 * seed_base + their index). */
typedef struct aggregate_poisson {
  int stencil;
  int32_t n;
} aggregate_poisson;
typedef struct aggregate_random {
  int32_t n;
  int64_t edges;
  int32_t reach;
  const char *name;
} aggregate_random;

/* check(A, rule, name) on every input and on priority_path(3000) under
 * every keep rule, then on the empty 0 x 0 matrix under KEEP_ALL. */
typedef void (*aggregate_check)(const fmt_csr *a, keep_rule rule, const char *name);
void aggregate_each_case(aggregate_check check, const aggregate_poisson *poisson, size_t num_poisson,
                         const aggregate_random *random, size_t num_random, uint64_t seed_base);

#endif
