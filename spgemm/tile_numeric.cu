/* Step 3 on the GPU (CPU reference: tile_numeric.c).
 *
 * One or more half-warps per C tile (tile_match.cuh). In each half-warp,
 * lane r owns row r: for each of its half's matched pairs in increasing k,
 * for each entry a = A_ik(r, c), it adds a * B_kj(c, :) into its row of the
 * half's shared-memory accumulator. With several halves per tile, each takes
 * part of the pairs and the partial rows are summed in a fixed order at the
 * end: no atomics, and the result is bitwise reproducible from run to run.
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
 * When the row kernel (tile_numeric_rows.cu) is used (spgemm.h), it runs
 * first and takes the C tile rows that fit its shared memory; this kernel
 * then takes the other rows' tiles, walking a list of them on large
 * products (tile_leftover.cu).
 */
#include "last_block_scan.cuh" /* spgemm_one_wave */
#include "spgemm_device.cuh"
#include "tile_accumulate.cuh"
#include "tile_match.cuh"

#define NUMERIC_THREADS 256
#define NUMERIC_HALF_WARPS (NUMERIC_THREADS / 16)
/* Pairs per half-warp whose metadata are loaded together, and blocks per
 * multiprocessor the compiler must allow (registers; the shared memory
 * allows 6). Batches of 4 at 4 blocks (64 registers) -> 5 blocks (48, a few
 * spilled): step 3 of level 0's P^T*(AP) 12-15% faster on 3D (run 79);
 * batches of 4 at 6 blocks spilled more and were slower (run 80); batches of
 * 2 at 6 blocks (40 registers): another 8-10% (run 84). */
#define NUM_BATCH 2
#define NUMERIC_MIN_BLOCKS 6

/* C tile t's values, from the group of half-warps hw - sh .. hw - sh +
 * group - 1; every thread of the block calls it (active or not). */
template <int LANES>
static __device__ __forceinline__ void numeric_tile(
    bool active, int64_t t, int group, int dense_threshold, const int32_t *c_row, const int32_t *c_tile_col,
    const int64_t *c_tile_nnz, const uint16_t *c_mask, const uint8_t *c_row_ptr, double *c_val,
    const int64_t *a_tile_ptr, const int32_t *a_tile_col, const int64_t *a_tile_nnz, const uint16_t *a_mask,
    const uint8_t *a_row_ptr, const double *a_val, const int64_t *bc_col_ptr, const int32_t *bc_row,
    const int64_t *bc_tile, const int64_t *b_tile_nnz, const uint16_t *b_mask, const uint8_t *b_row_ptr,
    const double *b_val, double (*acc_all)[FMT_TILE * FMT_TILE], uint32_t (*staged)[16]) {
  int hw = threadIdx.x >> 4, r = threadIdx.x & 15, sh = hw & (group - 1);
  unsigned members = spgemm_members<LANES>(), mask_c = 0;
  bool dense = true;
  int start_c = 0;
  if (active) {
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
    int32_t from, to;
    spgemm_warp_part(l, LANES == 32 ? sh / 2 : 0, LANES == 32 ? group / 2 : 1, &from, &to);
    for (int32_t at = from; at < to; at += LANES) {
      int32_t pa, pb;
      unsigned hits = spgemm_chunk_pairs<LANES>(l, at, to, &pa, &pb);
      int64_t a_base = pa >= 0 ? a_tile_nnz[pa] : 0, b_base = pa >= 0 ? b_tile_nnz[pb] : 0;
      while (hits) {
        int src[NUM_BATCH];
        unsigned am[NUM_BATCH];
        int64_t ka[NUM_BATCH], kb0[NUM_BATCH];
        spgemm_take_batch<NUM_BATCH, LANES>(&hits, src);
#pragma unroll
        for (int g = 0; g < NUM_BATCH; g++) {
          int from = src[g] < 0 ? 0 : src[g];
          int32_t qa = __shfl_sync(members, pa, from, LANES), qb = __shfl_sync(members, pb, from, LANES);
          int64_t ab = __shfl_sync(members, a_base, from, LANES), bb = __shfl_sync(members, b_base, from, LANES);
          am[g] = 0;
          ka[g] = kb0[g] = 0;
          if (src[g] >= 0) {
            am[g] = a_mask[FMT_TILE * qa + r];
            ka[g] = ab + a_row_ptr[FMT_TILE * qa + r];
            kb0[g] = bb;
            staged[g][r] = spgemm_stage_b_row(b_mask, b_row_ptr, qb, r);
          }
        }
        __syncwarp(members);
#pragma unroll
        for (int g = 0; g < NUM_BATCH; g++)
          spgemm_add_pair(am[g], ka[g], staged[g], kb0[g], dense, r, mask_c, a_val, b_val, row);
        __syncwarp(members);
      }
    }
  }
  if (group > 1)
    __syncthreads();
  if (!active || sh != 0)
    return;
  /* Sum the group's partial accumulators in a fixed order: 0, 1, ..., group-1. */
  double *out = c_val + c_tile_nnz[t] + start_c;
  for (int q = 0; mask_c; mask_c &= mask_c - 1, q++) {
    int slot = dense ? FMT_TILE * r + ((__ffs(mask_c) - 1) ^ r) : start_c + q;
    double v = acc_all[hw][slot];
    for (int k = 1; k < group; k++)
      v += acc_all[hw + k][slot];
    out[q] = v;
  }
}

/* C tiles 0 .. nt - 1, NUMERIC_HALF_WARPS / group per block (with
 * row_slots > 0 skipping the tiles of C tile rows of at most row_slots
 * entries, the row kernel's), or (LIST) the C tiles left[0 .. work[0])
 * that the row kernel left, as many at a time per block. Two instances,
 * so that the plain one keeps its registers. */
template <int LANES, bool LIST>
static __global__ void __launch_bounds__(NUMERIC_THREADS, NUMERIC_MIN_BLOCKS)
    numeric_kernel(int64_t nt, int row_slots, const int64_t *left, unsigned long long *work, int group,
                   int dense_threshold, const int64_t *c_tile_ptr, const int32_t *c_row, const int32_t *c_tile_col,
                   const int64_t *c_tile_nnz, const uint16_t *c_mask, const uint8_t *c_row_ptr, double *c_val,
                   const int64_t *a_tile_ptr, const int32_t *a_tile_col, const int64_t *a_tile_nnz,
                   const uint16_t *a_mask, const uint8_t *a_row_ptr, const double *a_val,
                   const int64_t *bc_col_ptr, const int32_t *bc_row, const int64_t *bc_tile,
                   const int64_t *b_tile_nnz, const uint16_t *b_mask, const uint8_t *b_row_ptr,
                   const double *b_val) {
  __shared__ double acc_all[NUMERIC_HALF_WARPS][FMT_TILE * FMT_TILE];
  __shared__ uint32_t staged_all[NUMERIC_HALF_WARPS][NUM_BATCH][16];
  __shared__ int64_t grabbed;
  int hw = threadIdx.x >> 4, per_block = NUMERIC_HALF_WARPS / group;
#define NUMERIC_TILE_ARGS                                                                          \
  group, dense_threshold, c_row, c_tile_col, c_tile_nnz, c_mask, c_row_ptr, c_val, a_tile_ptr, a_tile_col, \
      a_tile_nnz, a_mask, a_row_ptr, a_val, bc_col_ptr, bc_row, bc_tile, b_tile_nnz, b_mask, b_row_ptr,    \
      b_val, acc_all, staged_all[hw]
  if (!LIST) {
    int64_t t = (int64_t)blockIdx.x * per_block + hw / group;
    bool active = t < nt;
    if (active && row_slots > 0) {
      int32_t i = c_row[t];
      active = c_tile_nnz[c_tile_ptr[i + 1]] - c_tile_nnz[c_tile_ptr[i]] > row_slots;
    }
    numeric_tile<LANES>(active, t, NUMERIC_TILE_ARGS);
    return;
  }
  int64_t n = (int64_t)work[0];
  for (int64_t w = spgemm_grab(work + 1, per_block, &grabbed); w < n;
       w = spgemm_grab(work + 1, per_block, &grabbed)) {
    bool active = w + hw / group < n; /* the loop is block-uniform, for the barriers in numeric_tile */
    numeric_tile<LANES>(active, active ? left[w + hw / group] : 0, NUMERIC_TILE_ARGS);
    if (group > 1)
      __syncthreads(); /* the group's sum has read the accumulators */
  }
#undef NUMERIC_TILE_ARGS
}

/* Whether step 3 starts with its row kernel, once C's structure is known:
 * under AUTO, when C has a tile row per half-warp slot, or (spgemm.h) when
 * it has enough rows for a block of 8 half-warps each, rows of at most
 * SPGEMM_SHORT_ROW_SLOTS entries on average, and the pair kernel would
 * search pair lists of at least 8 tiles on average (tile_match.cuh). */
static bool numeric_by_rows(spgemm_kernels kernels, const fmt_tile *a, const fmt_tile *b,
                            const fmt_tile *c) {
  if (kernels != SPGEMM_KERNELS_AUTO)
    return kernels == SPGEMM_KERNELS_ROWS;
  int64_t slots = fmt_half_warp_slots();
  return c->tile_m >= slots ||
         (8 * (int64_t)c->tile_m >= slots && c->nnz <= (int64_t)SPGEMM_SHORT_ROW_SLOTS * c->tile_m &&
          spgemm_mean_list(a, b) >= 8.0);
}

amg_status spgemm_numeric_device(const fmt_tile *a, const fmt_tile_columns *bc, const fmt_tile *b,
                                 fmt_tile *c, const int32_t *c_row, int dense_threshold,
                                 spgemm_kernels kernels, int row_split, bool list) {
  int64_t nt = c->num_tiles;
  if (nt == 0)
    return AMG_OK;
  int64_t *left = NULL;
  unsigned long long *work = NULL; /* in left's allocation */
  int group = spgemm_half_warps_per_tile(nt, spgemm_mean_list(a, b), fmt_half_warp_slots());
  unsigned blocks = (unsigned)((nt + NUMERIC_HALF_WARPS / group - 1) / (NUMERIC_HALF_WARPS / group));
  int row_slots = 0;
  static const int64_t wave16 = spgemm_one_wave(numeric_kernel<16, true>, NUMERIC_THREADS);
  static const int64_t wave32 = spgemm_one_wave(numeric_kernel<32, true>, NUMERIC_THREADS);
  amg_status s = AMG_OK;
  if (numeric_by_rows(kernels, a, b, c)) { /* the pair kernel takes the rows it leaves */
    AMG_TRY_GOTO(spgemm_numeric_rows_device(a, b, c, row_split), s, done);
    row_slots = SPGEMM_ROW_SLOTS;
  }
  if (row_slots > 0 && (list || spgemm_use_leftover(blocks, group == 1 ? wave16 : wave32))) {
    AMG_TRY_GOTO(
        spgemm_leftover_device(c->tile_m, nt, c->tile_ptr, c->tile_nnz, SPGEMM_ROW_SLOTS, &left, &work), s,
        done);
    blocks = (unsigned)(SPGEMM_LEFTOVER_WAVES * (group == 1 ? wave16 : wave32));
    row_slots = 0; /* the list holds only the pair kernel's tiles */
  }
  {
#define NUMERIC_ARGS                                                                               \
  nt, row_slots, left, work, group, dense_threshold, c->tile_ptr, c_row, c->tile_col, c->tile_nnz, c->mask, \
      c->row_ptr, c->val, a->tile_ptr, a->tile_col, a->tile_nnz, a->mask, a->row_ptr, a->val, bc->col_ptr,  \
      bc->row, bc->tile, b->tile_nnz, b->mask, b->row_ptr, b->val
    if (group == 1 && left)
      numeric_kernel<16, true><<<blocks, NUMERIC_THREADS, 0, fmt_stream()>>>(NUMERIC_ARGS);
    else if (group == 1)
      numeric_kernel<16, false><<<blocks, NUMERIC_THREADS, 0, fmt_stream()>>>(NUMERIC_ARGS);
    else if (left)
      numeric_kernel<32, true><<<blocks, NUMERIC_THREADS, 0, fmt_stream()>>>(NUMERIC_ARGS);
    else
      numeric_kernel<32, false><<<blocks, NUMERIC_THREADS, 0, fmt_stream()>>>(NUMERIC_ARGS);
#undef NUMERIC_ARGS
    AMG_LAUNCH_GOTO(s, done);
  }
done:
  fmt_device_free(left);
  return s;
}
