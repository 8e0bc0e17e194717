/* Step 3 on the GPU (CPU reference: tile_numeric.c).
 *
 * One half-warp per C tile, lane r owns row r of the tile: for each matched
 * pair in increasing k, for each entry a = A_ik(r, c), it adds a * B_kj(c, :)
 * into its row of a shared-memory accumulator. Only lane r touches row r, so
 * there are no atomics and the summation order is fixed: results are bitwise
 * reproducible.
 * The accumulator adapts to the tile's nnz (known from step 2):
 *  - dense (nnz > dense_threshold): a 16x16 array indexed by (r, col),
 *    gathered through the mask at the end;
 *  - sparse: one slot per stored entry, slot = row_ptr[r] + popcount(mask[r]
 *    below col), copied out contiguously.
 * Rows are padded to 17 doubles and each half-warp's area by one more, to
 * spread shared-memory banks. */
#include "spgemm_device.cuh"
#include "tile_match.cuh"

#define NUMERIC_THREADS 256
#define NUMERIC_HALF_WARPS (NUMERIC_THREADS / 16)
#define ACC_ROW 17                          /* doubles per accumulator row */
#define ACC_AREA (FMT_TILE * ACC_ROW + 1)   /* doubles per half-warp */

static __global__ void __launch_bounds__(NUMERIC_THREADS)
    numeric_kernel(int64_t nt, const int32_t *c_row, const int32_t *c_tile_col,
                   const int64_t *c_tile_nnz, const uint16_t *c_mask, const uint8_t *c_row_ptr,
                   double *c_val, const int64_t *a_tile_ptr, const int32_t *a_tile_col,
                   const int64_t *a_tile_nnz, const uint16_t *a_mask, const uint8_t *a_row_ptr,
                   const double *a_val, const int64_t *bc_col_ptr, const int32_t *bc_row,
                   const int64_t *bc_tile, const int64_t *b_tile_nnz, const uint16_t *b_mask,
                   const uint8_t *b_row_ptr, const double *b_val, int dense_threshold) {
  __shared__ double acc_all[NUMERIC_HALF_WARPS * ACC_AREA];
  int64_t t = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 4;
  if (t >= nt)
    return; /* whole half-warp */
  int r = threadIdx.x & 15;
  double *acc = acc_all + (threadIdx.x >> 4) * ACC_AREA;
  int64_t c_base = c_tile_nnz[t];
  bool dense = c_tile_nnz[t + 1] - c_base > dense_threshold;
  unsigned mask_c = c_mask[FMT_TILE * t + r];
  int start_c = c_row_ptr[FMT_TILE * t + r];
  double *row = dense ? acc + r * ACC_ROW : acc + start_c; /* lane r's own slots */
  int width = dense ? FMT_TILE : __popc(mask_c);
  for (int q = 0; q < width; q++)
    row[q] = 0.0;
  int32_t i = c_row[t], j = c_tile_col[t];
  spgemm_for_each_pair(
      a_tile_col, a_tile_ptr[i], a_tile_ptr[i + 1], bc_row, bc_tile, bc_col_ptr[j], bc_col_ptr[j + 1],
      [&](int64_t pa, int64_t pb) {
        unsigned bits_a = a_mask[FMT_TILE * pa + r];
        int64_t ka = a_tile_nnz[pa] + a_row_ptr[FMT_TILE * pa + r];
        for (; bits_a; bits_a &= bits_a - 1, ka++) {
          int c = __ffs(bits_a) - 1;
          double a = a_val[ka];
          unsigned bits_b = b_mask[FMT_TILE * pb + c];
          int64_t kb = b_tile_nnz[pb] + b_row_ptr[FMT_TILE * pb + c];
          for (; bits_b; bits_b &= bits_b - 1, kb++) {
            int col = __ffs(bits_b) - 1;
            int slot = dense ? col : __popc(mask_c & ((1u << col) - 1u));
            row[slot] += a * b_val[kb];
          }
        }
      });
  double *out = c_val + c_base + start_c;
  if (dense) {
    for (int q = 0; mask_c; mask_c &= mask_c - 1, q++)
      out[q] = row[__ffs(mask_c) - 1];
  } else {
    for (int q = 0; q < width; q++)
      out[q] = row[q];
  }
}

amg_status spgemm_numeric_device(const fmt_tile *a, const fmt_tile_columns *bc, const fmt_tile *b,
                                 fmt_tile *c, const int32_t *c_row, int dense_threshold) {
  if (c->num_tiles == 0)
    return AMG_OK;
  numeric_kernel<<<fmt_blocks(c->num_tiles, 16, NUMERIC_THREADS), NUMERIC_THREADS, 0, fmt_stream()>>>(
      c->num_tiles, c_row, c->tile_col, c->tile_nnz, c->mask, c->row_ptr, c->val, a->tile_ptr,
      a->tile_col, a->tile_nnz, a->mask, a->row_ptr, a->val, bc->col_ptr, bc->row, bc->tile,
      b->tile_nnz, b->mask, b->row_ptr, b->val, dense_threshold);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}
