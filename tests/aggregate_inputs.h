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

#endif
