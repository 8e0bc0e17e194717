/* Step 3 on the GPU (CPU reference: tile_numeric.c).
 *
 * One warp per C tile (several when tiles are few). In each half-warp, lane
 * r owns row r: for each of its half's matched pairs in increasing k, for each
 * entry a = A_ik(r, c), it adds a * B_kj(c, :) into its row of the half's
 * shared-memory accumulator. The halves take alternate pairs and their
 * partial rows are summed in a fixed order at the end: no atomics, and the
 * result is bitwise reproducible from run to run.
 *
 * Latency, not bandwidth, bounds this step, so pairs go in batches of
 * NUM_BATCH: lane r loads mask_A[r] and row_ptr_A[r] of every pair in the
 * batch and stages B's row r (mask and row start packed in 32 bits) in shared
 * memory, all before using any of it; the lane that found a pair already
 * loaded both tiles' entry offsets.
 *
 * The accumulator adapts to the tile's nnz (known from step 2):
 *  - dense (nnz > dense_threshold): 16x16 doubles indexed by (r, col ^ r),
 *    the XOR spreading the 16 lanes over all banks; gathered by mask at the end;
 *  - sparse: one slot per stored entry, slot = row_ptr[r] + popcount(mask[r]
 *    below col), copied out contiguously.
 * When C has few tiles, several warps share a tile, each taking every W-th
 * chunk of the pair search. */
#include "spgemm_device.cuh"
#include "tile_match.cuh"

#define NUMERIC_THREADS 256
#define NUMERIC_WARPS (NUMERIC_THREADS / 32)
#define NUM_BATCH 4 /* pairs per half-warp whose metadata are loaded together */

static __global__ void __launch_bounds__(NUMERIC_THREADS)
    numeric_kernel(int64_t nt, int warps, int dense_threshold, const int32_t *c_row,
                   const int32_t *c_tile_col, const int64_t *c_tile_nnz, const uint16_t *c_mask,
                   const uint8_t *c_row_ptr, double *c_val, const int64_t *a_tile_ptr,
                   const int32_t *a_tile_col, const int64_t *a_tile_nnz, const uint16_t *a_mask,
                   const uint8_t *a_row_ptr, const double *a_val, const int64_t *bc_col_ptr,
                   const int32_t *bc_row, const int64_t *bc_tile, const int64_t *b_tile_nnz,
                   const uint16_t *b_mask, const uint8_t *b_row_ptr, const double *b_val) {
  __shared__ double acc_all[NUMERIC_WARPS * 2][FMT_TILE * FMT_TILE];
  __shared__ uint32_t staged_all[NUMERIC_WARPS * 2][NUM_BATCH][16];
  int warp = threadIdx.x >> 5, hw = threadIdx.x >> 4, r = threadIdx.x & 15;
  int w = warp & (warps - 1); /* this warp's place in the tile's group */
  int64_t t = (int64_t)blockIdx.x * (NUMERIC_WARPS / warps) + warp / warps;
  bool active = t < nt, dense = true;
  unsigned mask_c = 0;
  int start_c = 0;
  if (active) {
    uint32_t(*staged)[16] = staged_all[hw];
    int64_t c_base = c_tile_nnz[t];
    dense = c_tile_nnz[t + 1] - c_base > dense_threshold;
    mask_c = c_mask[FMT_TILE * t + r];
    start_c = c_row_ptr[FMT_TILE * t + r];
    double *row = dense ? acc_all[hw] + FMT_TILE * r : acc_all[hw] + start_c; /* lane r's slots */
    int width = dense ? FMT_TILE : __popc(mask_c);
    for (int q = 0; q < width; q++)
      row[q] = 0.0;
    spgemm_lists l = spgemm_make_lists(a_tile_ptr, a_tile_col, bc_col_ptr, bc_row, bc_tile, c_row[t],
                                       c_tile_col[t]);
    for (int32_t chunk = w; chunk < l.chunks(); chunk += warps) {
      int32_t pa, pb;
      unsigned hits = spgemm_chunk_pairs(l, chunk, &pa, &pb);
      int64_t a_base = pa >= 0 ? a_tile_nnz[pa] : 0, b_base = pa >= 0 ? b_tile_nnz[pb] : 0;
      while (hits) {
        int src[NUM_BATCH];
        unsigned am[NUM_BATCH];
        int64_t ka[NUM_BATCH], kb0[NUM_BATCH];
        spgemm_take_batch<NUM_BATCH>(&hits, src);
#pragma unroll
        for (int g = 0; g < NUM_BATCH; g++) {
          int from = src[g] < 0 ? 0 : src[g];
          int32_t qa = __shfl_sync(SPGEMM_FULL_WARP, pa, from), qb = __shfl_sync(SPGEMM_FULL_WARP, pb, from);
          int64_t ab = __shfl_sync(SPGEMM_FULL_WARP, a_base, from), bb = __shfl_sync(SPGEMM_FULL_WARP, b_base, from);
          am[g] = 0;
          ka[g] = kb0[g] = 0;
          if (src[g] >= 0) {
            am[g] = a_mask[FMT_TILE * qa + r];
            ka[g] = ab + a_row_ptr[FMT_TILE * qa + r];
            kb0[g] = bb;
            staged[g][r] = (uint32_t)b_mask[FMT_TILE * qb + r] | ((uint32_t)b_row_ptr[FMT_TILE * qb + r] << 16);
          }
        }
        __syncwarp();
#pragma unroll
        for (int g = 0; g < NUM_BATCH; g++) {
          int64_t k = ka[g];
          for (unsigned bits_a = am[g]; bits_a; bits_a &= bits_a - 1, k++) {
            double a = a_val[k];
            uint32_t packed = staged[g][__ffs(bits_a) - 1];
            int64_t kb = kb0[g] + (packed >> 16);
            for (unsigned bits_b = packed & 0xFFFFu; bits_b; bits_b &= bits_b - 1, kb++) {
              int col = __ffs(bits_b) - 1;
              int slot = dense ? col ^ r : __popc(mask_c & ((1u << col) - 1u));
              row[slot] += a * b_val[kb];
            }
          }
        }
        __syncwarp();
      }
    }
  }
  __syncthreads();
  if (!active || w != 0 || (hw & 1))
    return;
  /* Sum the group's 2*warps partial accumulators in a fixed order. */
  double *out = c_val + c_tile_nnz[t] + start_c;
  for (int q = 0; mask_c; mask_c &= mask_c - 1, q++) {
    int slot = dense ? FMT_TILE * r + ((__ffs(mask_c) - 1) ^ r) : start_c + q;
    double v = acc_all[hw][slot];
    for (int k = 1; k < 2 * warps; k++)
      v += acc_all[hw + k][slot];
    out[q] = v;
  }
}

amg_status spgemm_numeric_device(const fmt_tile *a, const fmt_tile_columns *bc, const fmt_tile *b,
                                 fmt_tile *c, const int32_t *c_row, int dense_threshold) {
  int64_t nt = c->num_tiles;
  if (nt == 0)
    return AMG_OK;
  int warps = spgemm_warps_per_tile(nt, spgemm_warp_slots());
  int64_t per_block = NUMERIC_WARPS / warps;
  numeric_kernel<<<(unsigned)((nt + per_block - 1) / per_block), NUMERIC_THREADS, 0, fmt_stream()>>>(
      nt, warps, dense_threshold, c_row, c->tile_col, c->tile_nnz, c->mask, c->row_ptr, c->val,
      a->tile_ptr, a->tile_col, a->tile_nnz, a->mask, a->row_ptr, a->val, bc->col_ptr, bc->row,
      bc->tile, b->tile_nnz, b->mask, b->row_ptr, b->val);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}
