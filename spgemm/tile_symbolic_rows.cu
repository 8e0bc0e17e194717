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
 * product, of their upper candidates: tile_twins.cu).
 * B's tile row k goes in batches of SROW_BATCH tiles, lane g finding tile
 * g's candidate, or with windows (spgemm_row_windows) in windows of 16:
 * lane r finds tile r's candidate, dead pairs (spgemm_pair_live) skipped,
 * and the batches take the window's live tiles. */
#include "spgemm_device.cuh"
#include "tile_match.cuh"

#define SROW_THREADS 128
#define SROW_HALF_WARPS (SROW_THREADS / 16)
#define SROW_BATCH 8 /* B tiles whose masks are staged together */

/* The staged batch's B rows picked by A's row r (am) ORed into lane r's
 * row of each candidate q[g] (-1: none) of the row starting at lo. */
static __device__ __forceinline__ void or_batch(unsigned am, const int32_t *q, int32_t lo,
                                                uint16_t (*staged)[16], uint16_t (*acc)[16], int r,
                                                unsigned members) {
  __syncwarp(members);
#pragma unroll
  for (int g = 0; g < SROW_BATCH; g++)
    if (q[g] >= 0 && am) {
      unsigned m = 0;
      for (unsigned bits = am; bits; bits &= bits - 1)
        m |= staged[g][__ffs(bits) - 1];
      acc[q[g] - lo][r] |= (uint16_t)m;
    }
  __syncwarp(members); /* the staged masks are read */
}

/* WINDOWS: B's tile rows in windows, with the tiles' occupancy a_cols and
 * b_rows (step 1's); else in plain batches, and those are not read. */
template <bool WINDOWS>
static __global__ void __launch_bounds__(SROW_THREADS)
    symbolic_rows_kernel(int32_t tile_m, const int64_t *cand_ptr, const int32_t *cand_col,
                         const int64_t *a_tile_ptr, const int32_t *a_tile_col, const uint16_t *a_mask,
                         const int64_t *b_tile_ptr, const int32_t *b_tile_col, const uint16_t *b_mask,
                         const uint16_t *a_cols, const uint16_t *b_rows, bool upper, uint16_t *cand_mask,
                         int32_t *cand_nnz) {
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
    if (WINDOWS) {
      unsigned a_used = a_cols[ta];
      for (int64_t w0 = b_lo; w0 < b_hi; w0 += 16) {
        /* Lane r: the candidate of B tile w0 + r */
        unsigned live;
        int32_t found =
            spgemm_window_find(w0, b_hi, a_used, b_rows, b_tile_col, cand_col, lo, hi, members, &live);
        while (live) {
          int32_t q[SROW_BATCH];
#pragma unroll
          for (int g = 0; g < SROW_BATCH; g++) {
            int p = spgemm_window_next(&live);
            q[g] = __shfl_sync(members, found, p & 15, 16);
            if (p < 0)
              q[g] = -1;
            else
              staged[g][r] = b_mask[FMT_TILE * (w0 + p) + r];
          }
          or_batch(am, q, lo, staged, acc, r, members);
        }
      }
    } else {
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
        or_batch(am, q, lo, staged, acc, r, members);
      }
    }
  }
  for (int32_t q = 0; q < hi - lo; q++)
    (void)spgemm_store_candidate(lo + q, r, acc[q][r], cand_mask, cand_nnz);
}

amg_status spgemm_symbolic_rows_device(const fmt_tile *a, const fmt_tile *b, const int64_t *cand_ptr,
                                       const int32_t *cand_col, const uint16_t *occ, bool upper,
                                       uint16_t *cand_mask, int32_t *cand_nnz) {
  if (a->tile_m == 0)
    return AMG_OK;
  unsigned blocks = (unsigned)(((int64_t)a->tile_m + SROW_HALF_WARPS - 1) / SROW_HALF_WARPS);
#define SROW_ARGS                                                                                  \
  a->tile_m, cand_ptr, cand_col, a->tile_ptr, a->tile_col, a->mask, b->tile_ptr, b->tile_col, b->mask,      \
      occ, spgemm_b_rows_of(occ, a), upper, cand_mask, cand_nnz
  if (occ)
    symbolic_rows_kernel<true><<<blocks, SROW_THREADS, 0, fmt_stream()>>>(SROW_ARGS);
  else
    symbolic_rows_kernel<false><<<blocks, SROW_THREADS, 0, fmt_stream()>>>(SROW_ARGS);
#undef SROW_ARGS
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

FMT_DEVICE_MODULE(symbolic_rows_kernel<false>);
