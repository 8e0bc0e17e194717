/* Step 3 on the GPU by C tile rows (CPU reference: tile_numeric.c).
 *
 * The pair kernel (tile_numeric.cu) finds each C tile's pairs (A_ik, B_kj)
 * by searching A's tile row against B's tile column, and most searches miss
 * when tiles are sparse. Here a half-warp takes a whole C tile row i and
 * enumerates its pairs instead: for A's tiles (i, k) in increasing k, for B's
 * tiles (k, j) in tile row k, it finds j among C's tiles of row i (a short
 * binary search) and adds a * B_kj(c, :) into that C tile. Every pair visited
 * contributes.
 *
 * The accumulator is one shared-memory slot per stored entry of the C row
 * (slot = the entry's offset from the row's first entry), so a row fits when
 * it holds at most SPGEMM_ROW_SLOTS entries; other rows are left to the pair
 * kernel, which skips the rows done here. Rows of at most SHORT_ROW_SLOTS
 * entries go to an instance with half the shared memory, which the GPU
 * holds more blocks of. A half-warp per row gives little
 * parallelism when C has few tile rows, so spgemm.h's AUTO uses this kernel
 * only when C has many. Lane r owns row r of every tile of
 * the row: no atomics. Each entry sums its terms in increasing k, then in
 * A's stored order, the order of the pair kernel with one half-warp per tile,
 * so the result is bitwise reproducible. B's tiles go in batches of
 * ROW_BATCH: lane r stages row r of each (mask and row start) in shared
 * memory, and lane g < ROW_BATCH looks up the C tile of B tile g. */
#include "spgemm_device.cuh"
#include "tile_accumulate.cuh"
#include "tile_match.cuh"

#define ROW_THREADS 128
#define ROW_HALF_WARPS (ROW_THREADS / 16)
#define ROW_BATCH 4
#define SHORT_ROW_SLOTS (SPGEMM_ROW_SLOTS / 2)

/* The C tile rows with more than MIN_LEN and at most SLOTS entries. */
template <int SLOTS, int MIN_LEN>
static __global__ void __launch_bounds__(ROW_THREADS)
    rows_kernel(int32_t tile_m, const int64_t *c_tile_ptr, const int32_t *c_tile_col,
                const int64_t *c_tile_nnz, const uint16_t *c_mask, const uint8_t *c_row_ptr, double *c_val,
                const int64_t *a_tile_ptr, const int32_t *a_tile_col, const int64_t *a_tile_nnz,
                const uint16_t *a_mask, const uint8_t *a_row_ptr, const double *a_val,
                const int64_t *b_tile_ptr, const int32_t *b_tile_col, const int64_t *b_tile_nnz,
                const uint16_t *b_mask, const uint8_t *b_row_ptr, const double *b_val) {
  __shared__ double acc_all[ROW_HALF_WARPS][SLOTS];
  __shared__ uint32_t staged_all[ROW_HALF_WARPS][ROW_BATCH][16];
  int hw = threadIdx.x >> 4, r = threadIdx.x & 15;
  int32_t i = (int32_t)((int64_t)blockIdx.x * ROW_HALF_WARPS + hw);
  if (i >= tile_m)
    return; /* whole half-warp */
  int32_t c_lo = (int32_t)c_tile_ptr[i], c_hi = (int32_t)c_tile_ptr[i + 1];
  int64_t base = c_tile_nnz[c_lo], len = c_tile_nnz[c_hi] - base;
  if (len <= MIN_LEN || len > SLOTS)
    return; /* nothing to do, or another kernel's */
  unsigned members = fmt_half_warp_mask();
  double *acc = acc_all[hw];
  uint32_t(*staged)[16] = staged_all[hw];
  for (int64_t q = r; q < len; q += 16)
    acc[q] = 0.0;
  __syncwarp(members);
  for (int64_t ta = a_tile_ptr[i]; ta < a_tile_ptr[i + 1]; ta++) {
    int32_t k = a_tile_col[ta];
    unsigned am = a_mask[FMT_TILE * ta + r];
    int64_t ka0 = a_tile_nnz[ta] + a_row_ptr[FMT_TILE * ta + r];
    int64_t b_lo = b_tile_ptr[k], b_hi = b_tile_ptr[k + 1];
    for (int64_t tb0 = b_lo; tb0 < b_hi; tb0 += ROW_BATCH) {
      /* Lane g < ROW_BATCH: C tile of B tile tb0 + g, as an offset into the row. */
      int64_t mine = tb0 + r;
      int32_t found = -1;
      if (r < ROW_BATCH && mine < b_hi)
        found = spgemm_find(c_tile_col, c_lo, c_hi, b_tile_col[mine]);
      int64_t kb0[ROW_BATCH];
      unsigned cm[ROW_BATCH];
      int32_t cs[ROW_BATCH];
#pragma unroll
      for (int g = 0; g < ROW_BATCH; g++) {
        int32_t q = __shfl_sync(members, found, g, 16);
        int64_t tb = tb0 + g;
        cm[g] = 0;
        cs[g] = 0;
        kb0[g] = 0;
        if (q >= 0) { /* -1 past b_hi, or where the product tile is empty (C has no such tile) */
          cm[g] = c_mask[FMT_TILE * q + r];
          cs[g] = (int32_t)(c_tile_nnz[q] - base) + c_row_ptr[FMT_TILE * q + r];
          kb0[g] = b_tile_nnz[tb];
          staged[g][r] = spgemm_stage_b_row(b_mask, b_row_ptr, tb, r);
        }
      }
      __syncwarp(members);
#pragma unroll
      for (int g = 0; g < ROW_BATCH; g++)
        if (cm[g]) /* else staged[g] was not written */
          spgemm_add_pair(am, ka0, staged[g], kb0[g], false, r, cm[g], a_val, b_val, acc + cs[g]);
      __syncwarp(members);
    }
  }
  for (int64_t q = r; q < len; q += 16)
    c_val[base + q] = acc[q];
}

amg_status spgemm_numeric_rows_device(const fmt_tile *a, const fmt_tile *b, fmt_tile *c) {
  if (c->tile_m == 0 || c->num_tiles == 0)
    return AMG_OK;
  unsigned blocks = (unsigned)(((int64_t)c->tile_m + ROW_HALF_WARPS - 1) / ROW_HALF_WARPS);
#define ROWS_ARGS                                                                                  \
  c->tile_m, c->tile_ptr, c->tile_col, c->tile_nnz, c->mask, c->row_ptr, c->val, a->tile_ptr,      \
      a->tile_col, a->tile_nnz, a->mask, a->row_ptr, a->val, b->tile_ptr, b->tile_col, b->tile_nnz, \
      b->mask, b->row_ptr, b->val
  rows_kernel<SHORT_ROW_SLOTS, 0><<<blocks, ROW_THREADS, 0, fmt_stream()>>>(ROWS_ARGS);
  AMG_CUDA_TRY(cudaGetLastError());
  rows_kernel<SPGEMM_ROW_SLOTS, SHORT_ROW_SLOTS><<<blocks, ROW_THREADS, 0, fmt_stream()>>>(ROWS_ARGS);
  AMG_CUDA_TRY(cudaGetLastError());
#undef ROWS_ARGS
  return AMG_OK;
}
