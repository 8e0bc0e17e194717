/* The three steps of the tiled SpGEMM on the host, and the tile-column index
 * of B they share. Internal to spgemm/; the GPU steps mirror these. */
#ifndef SPGEMM_TILE_STEPS_H
#define SPGEMM_TILE_STEPS_H

#include "spgemm.h"

/* The matched pairs for C tile (ti, tj): A's tiles in tile row ti and B's in
 * tile column tj with equal inner index k, in increasing k. Writes up to
 * min(len) pairs and returns their number. */
int64_t spgemm_tile_match(const fmt_tile *a, int32_t ti, const fmt_tile_columns *bc, int32_t tj,
                          int64_t *pair_a, int64_t *pair_b);

/* Step 1: candidate tile structure of C (tile_ptr, tile_col), before any tile
 * is known to be empty; with upper, only tiles on and above the diagonal. */
amg_status spgemm_tile_structure(const fmt_tile *a, const fmt_tile *b, int upper, int64_t **tile_ptr,
                                 int32_t **tile_col);

/* Step 2: symbolic. From the candidate structure, builds C with its final
 * tile structure, masks, row_ptr and tile offsets (idx/val allocated, not set). */
amg_status spgemm_tile_symbolic(const fmt_tile *a, const fmt_tile *b, const fmt_tile_columns *bc,
                                const int64_t *cand_ptr, const int32_t *cand_col, fmt_tile **c);

/* Step 3: numeric. Fills C's idx and val. */
amg_status spgemm_tile_numeric(const fmt_tile *a, const fmt_tile *b, const fmt_tile_columns *bc,
                               fmt_tile *c);

/* Step 3 by dot products (tile_numeric_dot.c; B^T's size checked by the
 * caller, tile_reference.c): fills C's idx and val from
 * A and B^T (bt, values included), in the GPU dot kernel's order. */
amg_status spgemm_tile_numeric_dot(const fmt_tile *a, const fmt_tile *bt, fmt_tile *c);

#endif
