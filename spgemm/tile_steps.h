/* The three steps of the tiled SpGEMM on the host. Internal to spgemm/; the
 * GPU steps compute the same C (steps 2 and 3 here walk C's tile rows, as
 * the GPU's row kernels do). */
#ifndef SPGEMM_TILE_STEPS_H
#define SPGEMM_TILE_STEPS_H

#include "spgemm.h"

/* Bits set in a 16-bit mask, without a call: the build targets baseline
 * x86-64 (no POPCNT), where __builtin_popcount is a libgcc call, too slow
 * for the per-entry loops of steps 2 and 3. */
static inline int spgemm_popcount16(unsigned x) {
  x = x - ((x >> 1) & 0x5555u);
  x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
  x = (x + (x >> 4)) & 0x0F0Fu;
  return (int)((x + (x >> 8)) & 0x1Fu);
}

/* Step 1: candidate tile structure of C (tile_ptr, tile_col), before any tile
 * is known to be empty; with upper, only tiles on and above the diagonal. */
amg_status spgemm_tile_structure(const fmt_tile *a, const fmt_tile *b, int upper, int64_t **tile_ptr,
                                 int32_t **tile_col);

/* Step 2: symbolic. From the candidate structure, builds C with its final
 * tile structure, masks, row_ptr and tile offsets (idx/val allocated, not set). */
amg_status spgemm_tile_symbolic(const fmt_tile *a, const fmt_tile *b, const int64_t *cand_ptr,
                                const int32_t *cand_col, fmt_tile **c);

/* Step 3: numeric. Fills C's idx and val. */
amg_status spgemm_tile_numeric(const fmt_tile *a, const fmt_tile *b, fmt_tile *c);

/* Step 3 by dot products (tile_numeric_dot.c; B^T's size checked by the
 * caller, tile_reference.c): fills C's idx and val from
 * A and B^T (bt, values included), in the GPU dot kernel's order. */
amg_status spgemm_tile_numeric_dot(const fmt_tile *a, const fmt_tile *bt, fmt_tile *c);

#endif
