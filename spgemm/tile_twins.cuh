/* Step 3 of a symmetric product (tile_twins.cu): an upper tile's values
 * written into its twin, transposed. Used by the numeric row kernel
 * (tile_numeric_rows.cu) and the pair kernel (tile_numeric_tile.cuh) after
 * they have written the tile itself. */
#ifndef SPGEMM_TILE_TWINS_CUH
#define SPGEMM_TILE_TWINS_CUH

#include "device_util.cuh"

/* C tile t's entries (r, c) copied to (c, r) of C tile tw, its twin: all of
 * them, or for a diagonal tile (tw == t) those above the diagonal, whose
 * copies replace the values computed below it. A half-warp calls it after
 * a __syncwarp that follows its writes of t (or a block barrier, where
 * other half-warps wrote them); staged is its 16 words of shared memory.
 * Lane c builds row c of tw: column c of t. */
static __device__ __forceinline__ void spgemm_mirror_tile(int64_t t, int64_t tw, int c, uint32_t *staged,
                                                          const int64_t *tile_nnz, const uint16_t *mask,
                                                          const uint8_t *row_ptr, double *val) {
  unsigned members = fmt_half_warp_mask();
  staged[c] = (uint32_t)mask[FMT_TILE * t + c] | ((uint32_t)row_ptr[FMT_TILE * t + c] << 16);
  unsigned column = mask[FMT_TILE * tw + c];
  if (tw == t)
    column &= (1u << c) - 1u; /* (c, r) with r < c: below the diagonal */
  int64_t to = tile_nnz[tw] + row_ptr[FMT_TILE * tw + c], from = tile_nnz[t];
  unsigned left_of_c = (1u << c) - 1u;
  __syncwarp(members);
  for (; column; column &= column - 1, to++) {
    uint32_t packed = staged[__ffs(column) - 1]; /* t's row r */
    val[to] = val[from + (packed >> 16) + __popc(packed & left_of_c)];
  }
  __syncwarp(members); /* staged is read before the next tile's */
}

#endif
