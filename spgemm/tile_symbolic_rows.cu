/* Step 2 on the GPU by C tile rows (CPU reference: tile_symbolic.c).
 *
 * The pair kernel (tile_symbolic.cu) finds each candidate tile's pairs by
 * searching A's tile row against B's tile column, once per candidate. Here,
 * as in the numeric row kernel (tile_numeric_rows.cu), a half-warp takes a
 * whole candidate tile row i and enumerates its pairs: for A's tiles (i, k),
 * for B's tiles (k, j) of tile row k, it finds j among the row's candidates
 * (a short binary search; a symmetric product's lower tiles are not there
 * and are skipped) and ORs into that candidate's masks
 *   mask_C[r] |= mask_B[c] for each set bit c of mask_A[r].
 * The masks of the whole row sit in shared memory, lane r owning row r of
 * every candidate: no atomics, and since OR is order-free the masks equal
 * the pair kernel's exactly. Rows with more than SPGEMM_SYMBOLIC_ROW_CANDS
 * candidates are left to the pair kernel (by a list, tile_leftover.cu).
 * Writes cand_mask and cand_nnz of the rows it takes (in a symmetric
 * product, of their upper candidates: tile_twins.cu). */
#include "spgemm_device.cuh"
#include "tile_match.cuh"

#define SROW_THREADS 128
#define SROW_HALF_WARPS (SROW_THREADS / 16)
#define SROW_BATCH 8 /* B tiles whose masks are staged together */

static __global__ void __launch_bounds__(SROW_THREADS)
    symbolic_rows_kernel(int32_t tile_m, const int64_t *cand_ptr, const int32_t *cand_col,
                         const int64_t *a_tile_ptr, const int32_t *a_tile_col, const uint16_t *a_mask,
                         const int64_t *b_tile_ptr, const int32_t *b_tile_col, const uint16_t *b_mask,
                         bool upper, uint16_t *cand_mask, int32_t *cand_nnz) {
  __shared__ uint16_t acc_all[SROW_HALF_WARPS][SPGEMM_SYMBOLIC_ROW_CANDS][16];
  __shared__ uint16_t staged_all[SROW_HALF_WARPS][SROW_BATCH][16];
  int hw = threadIdx.x >> 4, r = threadIdx.x & 15;
  int32_t i = (int32_t)((int64_t)blockIdx.x * SROW_HALF_WARPS + hw);
  if (i >= tile_m)
    return; /* whole half-warp */
  int32_t lo = (int32_t)cand_ptr[i], hi = (int32_t)cand_ptr[i + 1];
  if (hi == lo || hi - lo > SPGEMM_SYMBOLIC_ROW_CANDS)
    return; /* nothing to do, or the pair kernel's */
  if (upper) /* a symmetric product (tile_twins.cu): the candidates from the diagonal on */
    lo = (int32_t)fmt_lower_bound(cand_col, lo, hi, i);
  if (hi == lo)
    return;
  unsigned members = fmt_half_warp_mask();
  uint16_t(*acc)[16] = acc_all[hw];
  uint16_t(*staged)[16] = staged_all[hw];
  for (int32_t q = 0; q < hi - lo; q++) /* lane r touches only acc[.][r] */
    acc[q][r] = 0;
  for (int64_t ta = a_tile_ptr[i]; ta < a_tile_ptr[i + 1]; ta++) {
    int32_t k = a_tile_col[ta];
    unsigned am = a_mask[FMT_TILE * ta + r];
    int64_t b_lo = b_tile_ptr[k], b_hi = b_tile_ptr[k + 1];
    for (int64_t tb0 = b_lo; tb0 < b_hi; tb0 += SROW_BATCH) {
      /* Lane g < SROW_BATCH: the candidate of B tile tb0 + g, as an offset into the row. */
      int32_t found = -1;
      if (r < SROW_BATCH && tb0 + r < b_hi)
        found = spgemm_find(cand_col, lo, hi, b_tile_col[tb0 + r]);
      int32_t q[SROW_BATCH];
#pragma unroll
      for (int g = 0; g < SROW_BATCH; g++) {
        q[g] = __shfl_sync(members, found, g, 16);
        if (q[g] >= 0)
          staged[g][r] = b_mask[FMT_TILE * (tb0 + g) + r];
      }
      __syncwarp(members);
#pragma unroll
      for (int g = 0; g < SROW_BATCH; g++)
        if (q[g] >= 0 && am) {
          unsigned m = 0;
          for (unsigned bits = am; bits; bits &= bits - 1)
            m |= staged[g][__ffs(bits) - 1];
          acc[q[g] - lo][r] |= (uint16_t)m;
        }
      __syncwarp(members);
    }
  }
  for (int32_t q = 0; q < hi - lo; q++)
    (void)spgemm_store_candidate(lo + q, r, acc[q][r], cand_mask, cand_nnz);
}

amg_status spgemm_symbolic_rows_device(const fmt_tile *a, const fmt_tile *b, const int64_t *cand_ptr,
                                       const int32_t *cand_col, bool upper, uint16_t *cand_mask,
                                       int32_t *cand_nnz) {
  if (a->tile_m == 0)
    return AMG_OK;
  unsigned blocks = (unsigned)(((int64_t)a->tile_m + SROW_HALF_WARPS - 1) / SROW_HALF_WARPS);
  symbolic_rows_kernel<<<blocks, SROW_THREADS, 0, fmt_stream()>>>(
      a->tile_m, cand_ptr, cand_col, a->tile_ptr, a->tile_col, a->mask, b->tile_ptr, b->tile_col, b->mask,
      upper, cand_mask, cand_nnz);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}
