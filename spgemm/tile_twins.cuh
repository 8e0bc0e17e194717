/* Step 3 of a symmetric product (tile_twins.cu): an upper tile's values
 * written into its twin, transposed. Used by the numeric row kernel
 * (tile_numeric_rows.cu) and the pair kernel (tile_numeric_tile.cuh) once
 * the tile's values are final. */
#ifndef SPGEMM_TILE_TWINS_CUH
#define SPGEMM_TILE_TWINS_CUH

#include "device_util.cuh"

/* Tile t's entries (r, c) copied to (c, r) of its twin: all of them, or for
 * a diagonal tile (its own twin) those above the diagonal, whose copies
 * replace the values computed below it. Lane c passes row c of t (mask m,
 * first entry start) and of the twin (column, first entry twin_start, as
 * step 2 left them) and builds the twin's row c: values from t's
 * first value (in shared or global memory, visible to the whole half-warp)
 * into to, the twin's first entry. staged is the half-warp's 16 words of
 * shared memory. Every lane calls it; no shuffle or vote, since the
 * half-warps of a warp often diverge here (with 16 votes per tile, the
 * symmetric row kernel took 940 against 890 us for the whole 3D 7-point
 * A^2, run 171). */
static __device__ __forceinline__ void spgemm_mirror_tile(unsigned m, unsigned start, unsigned column,
                                                          unsigned twin_start, bool diag, const double *from,
                                                          double *to, int c, uint32_t *staged) {
  unsigned members = fmt_half_warp_mask(), left_of_c = (1u << c) - 1u;
  staged[c] = m | (start << 16);
  if (diag)
    column &= left_of_c; /* (c, r) with r < c: below the diagonal */
  __syncwarp(members);
  for (to += twin_start; column; column &= column - 1) {
    uint32_t packed = staged[__ffs(column) - 1]; /* t's row r */
    *to++ = from[(packed >> 16) + __popc(packed & left_of_c)];
  }
  __syncwarp(members); /* staged is read before the next tile's */
}

#endif
