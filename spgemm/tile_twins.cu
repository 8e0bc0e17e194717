/* A symmetric product C = A*B on the GPU, without a mirror pass (CPU
 * reference: spgemm_tile_symmetric_reference, the upper tiles then
 * formats/tile_mirror.c; the rules are tile_mirror.h's).
 *
 * Step 1 gives every candidate of C, in C's tile order. Steps 2 and 3
 * compute only the candidates (i, j) with j >= i; candidate (j, i) is the
 * twin of (i, j), found here by a binary search of tile row j. After step
 * 2, a lower candidate takes its twin's masks, transposed, and nnz, so the
 * scan that sizes C counts it and the compaction (or, with exact
 * candidates, finish_kernel) writes it as any other (with one pass, its
 * values gathered from its twin's); step 3 writes each
 * upper tile's values into its twin transposed (tile_twins.cuh). C is then exactly symmetric, and equal to
 * the mirror of the upper product.
 *
 * This needs the pattern of A*B to be symmetric, which it is when the
 * caller is right that C is symmetric (P^T A P and A^2 for a structurally
 * symmetric A). Where it is not, a kept upper tile whose twin is not a
 * candidate, a diagonal tile whose masks are not symmetric, or (with C's
 * tiles the exact candidates) a lower candidate whose twin is empty, the
 * product fails with AMG_ERR_ARG instead of returning a wrong C. Other
 * lower tiles whose twin is empty are not computed, so C is then the
 * mirror of the upper product. */
#include "spgemm_device.cuh"

/* twin[u]: candidate (j, i) for candidate u = (i, j) (u itself on the diagonal), or -1. */
static __global__ void twins_kernel(int64_t num_cand, const int64_t *cand_ptr, const int32_t *cand_row,
                                    const int32_t *cand_col, int32_t *twin) {
  int64_t u = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (u >= num_cand)
    return;
  int32_t i = cand_row[u], j = cand_col[u];
  if (i == j) {
    twin[u] = (int32_t)u;
    return;
  }
  int64_t end = cand_ptr[j + 1], v = fmt_lower_bound(cand_col, cand_ptr[j], end, i);
  twin[u] = v < end && cand_col[v] == i ? (int32_t)v : -1;
}

amg_status spgemm_twins_device(int64_t num_cand, const int64_t *cand_ptr, const int32_t *cand_row,
                               const int32_t *cand_col, int32_t **twin) {
  *twin = NULL;
  if (num_cand > INT32_MAX)
    return amg_error(AMG_ERR_OVERFLOW, "spgemm: %lld candidates; a symmetric product takes at most %d",
                     (long long)num_cand, INT32_MAX);
  amg_status s = fmt_device_alloc((void **)twin, (size_t)num_cand * sizeof **twin);
  if (s != AMG_OK)
    return s;
  if (num_cand > 0) {
    twins_kernel<<<fmt_blocks(num_cand, 1, 256), 256, 0, fmt_stream()>>>(num_cand, cand_ptr, cand_row, cand_col,
                                                                         *twin);
    AMG_CUDA_TRY(cudaGetLastError());
  }
  return AMG_OK;
}

/* Tile masks (spgemm_tile_masks) stored as candidate u's, and transposed. */
static __device__ __forceinline__ void store_masks(const spgemm_tile_masks &m, uint16_t *mask, int64_t u) {
  uint4 *at = (uint4 *)(mask + FMT_TILE * u);
  at[0] = make_uint4(m.w[0], m.w[1], m.w[2], m.w[3]);
  at[1] = make_uint4(m.w[4], m.w[5], m.w[6], m.w[7]);
}
/* The 8x8 bit matrix x (byte q = row q, its bit p = column p), transposed
 * in three rounds of swaps (Hacker's Delight, 7-3). */
static __device__ __forceinline__ uint64_t transposed_8x8(uint64_t x) {
  uint64_t t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAull;
  x ^= t ^ (t << 7);
  t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCull;
  x ^= t ^ (t << 14);
  t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ull;
  return x ^ t ^ (t << 28);
}
/* The tile's masks transposed as four 8x8 blocks: block (R, C) of the
 * transpose is block (C, R) transposed. resolve_kernel of 3D 7-point A^2
 * sym: 70.4 us in ncu, against 107.7 with a loop over the 256 bits (run
 * 182). */
static __device__ __forceinline__ spgemm_tile_masks transposed(const spgemm_tile_masks &m) {
  uint64_t b[2][2]; /* b[R][C]: rows 8R.., columns 8C.. of m, transposed */
#pragma unroll
  for (int R = 0; R < 2; R++)
#pragma unroll
    for (int C = 0; C < 2; C++) {
      uint64_t x = 0;
#pragma unroll
      for (int q = 0; q < 8; q++)
        x |= (uint64_t)((m.w[4 * R + q / 2] >> (16 * (q & 1) + 8 * C)) & 0xFFu) << (8 * q);
      b[R][C] = transposed_8x8(x);
    }
  spgemm_tile_masks t;
#pragma unroll
  for (int k = 0; k < 8; k++) { /* rows 2k and 2k + 1 of the transpose: byte q and q + 1 of its block row R */
    int R = k / 4, q = 2 * (k % 4);
    t.w[k] = (uint32_t)((b[0][R] >> (8 * q)) & 0xFFu) | (uint32_t)((b[1][R] >> (8 * q)) & 0xFFu) << 8 |
             (uint32_t)((b[0][R] >> (8 * q + 8)) & 0xFFu) << 16 | (uint32_t)((b[1][R] >> (8 * q + 8)) & 0xFFu) << 24;
  }
  return t;
}

/* After step 2: lower candidate u takes its twin's masks, transposed, and
 * nnz (nnz 0 without a twin); a kept upper candidate without a twin, or a
 * diagonal one whose masks are not symmetric, sets *unsymmetric (a plain
 * store of 1). */
static __global__ void resolve_kernel(int64_t num_cand, const int32_t *cand_row, const int32_t *cand_col,
                                      const int32_t *twin, uint16_t *cand_mask, int32_t *cand_nnz,
                                      int *unsymmetric) {
  int64_t u = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (u >= num_cand)
    return;
  int32_t i = cand_row[u], j = cand_col[u], v = twin[u];
  if (j < i) {
    int nnz = v >= 0 ? cand_nnz[v] : 0;
    cand_nnz[u] = nnz;
    if (nnz > 0)
      store_masks(transposed(spgemm_load_tile_masks(cand_mask, v)), cand_mask, u);
    return;
  }
  if (cand_nnz[u] == 0)
    return;
  bool unsym = v < 0;
  if (i == j) {
    spgemm_tile_masks m = spgemm_load_tile_masks(cand_mask, u), t = transposed(m);
    for (int k = 0; k < 8; k++)
      unsym |= m.w[k] != t.w[k];
  }
  if (unsym)
    *unsymmetric = 1;
}

amg_status spgemm_resolve_twins_device(int64_t num_cand, const int32_t *cand_row, const int32_t *cand_col,
                                       const int32_t *twin, uint16_t *cand_mask, int32_t *cand_nnz,
                                       int *unsymmetric) {
  if (num_cand == 0)
    return AMG_OK;
  resolve_kernel<<<fmt_blocks(num_cand, 1, 256), 256, 0, fmt_stream()>>>(num_cand, cand_row, cand_col, twin,
                                                                         cand_mask, cand_nnz, unsymmetric);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

FMT_DEVICE_MODULE(twins_kernel);
