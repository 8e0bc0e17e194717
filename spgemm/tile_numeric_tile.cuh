/* One C tile's values from its matched pairs, shared by the numeric pair
 * kernel (tile_numeric.cu, step 3) and the one-pass kernel
 * (tile_one_pass.cu, steps 2 and 3 together).
 *
 * One or more half-warps per C tile (tile_match.cuh). In each half-warp,
 * lane r owns row r: for each of its half's matched pairs in increasing k,
 * for each entry a = A_ik(r, c), it adds a * B_kj(c, :) into its row of the
 * half's shared-memory accumulator. With several halves per tile, each takes
 * part of the pairs and the partial rows are summed in a fixed order at the
 * end: no atomics, and the result is bitwise reproducible from run to run.
 *
 * Latency, not bandwidth, bounds this step, so pairs go in batches of
 * NUM_BATCH: lane r loads both tiles' first entries, mask_A[r] and
 * row_ptr_A[r] of every pair in the batch and stages B's row r (mask and row
 * start packed in 32 bits) in shared memory, all before using any of it.
 *
 * Two passes (C's structure known from step 2), the accumulator adapts to
 * the tile's nnz:
 *  - dense (nnz > dense_threshold): 16x16 doubles indexed by (r, col ^ r),
 *    the XOR spreading the 16 lanes over all banks; gathered by mask at the end;
 *  - sparse: one slot per stored entry, slot = row_ptr[r] + popcount(mask[r]
 *    below col), copied out contiguously.
 * One pass (the tile is a candidate whose structure is not known yet): the
 * dense accumulator, and lane r also ORs B's row masks into C's row mask
 * as step 2 does; the masks and nnz go to the candidate arrays, the values
 * to slots of their own per candidate (256, or fewer: then a candidate of
 * more entries leaves none), packed as C stores them. */
#ifndef SPGEMM_TILE_NUMERIC_TILE_CUH
#define SPGEMM_TILE_NUMERIC_TILE_CUH

#include "spgemm_device.cuh"
#include "tile_accumulate.cuh"
#include "tile_match.cuh"
#include "tile_twins.cuh"

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

/* C's side of the numeric kernels: tile t's tile row and column (C's, or
 * the candidates'), where its values go (val), and, with two passes, C's
 * structure (tile_nnz, mask, row_ptr) or, with one pass, the candidate
 * arrays the tile's mask and nnz go to and the value slots per candidate;
 * with two passes in a symmetric product (tile_twins.cu), each tile's twin
 * (twin[t]). LAYOUT (C built in place from exact candidates, step 2 left
 * its layout to step 3): tile_nnz is still packed as the scan left it
 * (fmt_pack_tile_count), and the kernel writes it, row_ptr and idx; the
 * other instances only read tile_nnz and row_ptr, and leave idx alone. */
struct numeric_c {
  const int32_t *row, *col;
  int64_t *tile_nnz;
  const uint16_t *mask;
  uint8_t *row_ptr;
  uint16_t *cand_mask;
  int32_t *cand_nnz;
  double *val;
  const int32_t *twin;
  int slots;
  uint8_t *idx;
};

/* C tile t's values, from the group of half-warps hw - sh .. hw - sh +
 * group - 1, with the block's accumulators and staging areas; every thread
 * of the block calls it (active or not), except where group <= 2, whose
 * groups sync within their warp only; BY_ROWS: B_kj from B's tile rows
 * (tile_match.cuh). Returns, ONE_PASS, the tile's nnz on the lanes of its
 * first half-warp (else 0). With group 2, the second half returns before
 * the first has summed its accumulator: the caller syncs the warp before
 * the group's next tile. SYM (a symmetric product, tile_twins.cu): tiles
 * below the diagonal are skipped, and with two passes each tile is also
 * written into its twin (instances of their own, so that the others keep
 * their registers). LAYOUT (two passes, never SYM): the tile's row starts
 * come from its masks, and its first half-warp writes row_ptr, idx (with
 * the values) and its unpacked tile_nnz, as finish_kernel
 * (tile_symbolic.cu) would. */
template <int LANES, bool ONE_PASS, bool BY_ROWS, bool SYM, bool LAYOUT = false>
static __device__ __forceinline__ int numeric_tile(
    bool active, int64_t t, int group, int dense_threshold, const numeric_c &c, const int64_t *a_tile_ptr,
    const int32_t *a_tile_col, const int64_t *a_tile_nnz, const uint16_t *a_mask, const uint8_t *a_row_ptr,
    const double *a_val, spgemm_b_lookup bl,
    const int64_t *b_tile_nnz, const uint16_t *b_mask, const uint8_t *b_row_ptr, const double *b_val,
    double (*acc_all)[FMT_TILE * FMT_TILE], uint32_t (*staged_all)[NUM_BATCH][16], spgemm_found *found_all) {
  int hw = threadIdx.x >> 4, r = threadIdx.x & 15, sh = hw & (group - 1);
  uint32_t(*staged)[16] = staged_all[hw]; /* this half-warp's staging area */
  unsigned members = spgemm_members<LANES>(), mask_c = 0;
  bool dense = true;
  int start_c = 0;
  if (SYM && active && c.col[t] < c.row[t])
    active = false; /* the whole group */
  static_assert(!LAYOUT || (!ONE_PASS && !SYM), "only a general product's second pass writes C's layout");
  if (active) {
    if (LAYOUT) {
      int size;
      mask_c = c.mask[FMT_TILE * t + r];
      start_c = fmt_half_warp_exclusive_sum(__popc(mask_c), &size);
      dense = size > dense_threshold;
    } else if (!ONE_PASS) {
      dense = c.tile_nnz[t + 1] - c.tile_nnz[t] > dense_threshold;
      mask_c = c.mask[FMT_TILE * t + r];
      start_c = c.row_ptr[FMT_TILE * t + r];
    }
    double *row = dense ? acc_all[hw] + FMT_TILE * r : acc_all[hw] + start_c; /* lane r's slots */
    int width = dense ? FMT_TILE : __popc(mask_c);
    for (int q = 0; q < width; q++)
      row[q] = 0.0;
    spgemm_lists l = spgemm_make_lists<BY_ROWS>(a_tile_ptr, a_tile_col, bl, c.row[t], c.col[t]);
    int32_t from, to;
    spgemm_warp_part(l, LANES == 32 ? sh / 2 : 0, LANES == 32 ? group / 2 : 1, &from, &to);
    for (int32_t at = from; at < to; at += LANES) {
      int32_t pa, pb;
      unsigned hits = spgemm_chunk_pairs<LANES, BY_ROWS>(l, at, to, &pa, &pb);
      spgemm_share_pairs<LANES>(found_all, pa, pb);
      while (hits) {
        int src[NUM_BATCH];
        unsigned am[NUM_BATCH];
        int64_t ka[NUM_BATCH], kb0[NUM_BATCH];
        spgemm_take_batch<NUM_BATCH, LANES>(&hits, src);
#pragma unroll
        for (int g = 0; g < NUM_BATCH; g++) {
          am[g] = 0;
          ka[g] = kb0[g] = 0;
          if (src[g] >= 0) {
            int32_t qa, qb;
            spgemm_found_pair<LANES>(found_all, src[g], &qa, &qb);
            am[g] = a_mask[FMT_TILE * qa + r];
            ka[g] = a_tile_nnz[qa] + a_row_ptr[FMT_TILE * qa + r];
            kb0[g] = b_tile_nnz[qb];
            staged[g][r] = spgemm_stage_b_row(b_mask, b_row_ptr, qb, r);
          }
        }
        __syncwarp(members);
        static_assert(NUM_BATCH == 2, "spgemm_add_pair2 takes a batch of two pairs");
        spgemm_add_pair2(am, ka, staged[0], kb0, dense, r, mask_c, a_val, b_val, row, ONE_PASS ? &mask_c : nullptr);
        __syncwarp(members); /* the staged rows, and the chunk's pairs, are read */
      }
    }
  }
  if (group > 1) {
    if (ONE_PASS)
      staged[0][r] = mask_c; /* this half's part of row r's mask, for the group's first */
    if (group == 2)
      __syncwarp(); /* the group is one warp */
    else
      __syncthreads();
  }
  if (!active || sh != 0)
    return 0;
  int nnz = 0;
  unsigned row_mask = mask_c; /* consumed below */
  double *out;
  uint8_t *out_idx = nullptr; /* LAYOUT */
  if (ONE_PASS) {
    for (int k = 1; k < group; k++)
      mask_c |= staged_all[hw + k][0][r];
    nnz = spgemm_store_candidate(t, r, mask_c, c.cand_mask, c.cand_nnz, &start_c);
    if (nnz > c.slots)
      return nnz; /* spgemm_numeric_overflow_device recomputes it */
    out = c.val + (int64_t)c.slots * t + start_c;
  } else if (LAYOUT) {
    int64_t base = spgemm_take_packed_base(c.tile_nnz, t, fmt_half_warp_mask(), r == 0);
    c.row_ptr[FMT_TILE * t + r] = (uint8_t)start_c;
    out = c.val + base + start_c;
    out_idx = c.idx + base + start_c; /* written with the values, below */
  } else {
    out = c.val + c.tile_nnz[t] + start_c;
  }
  /* Sum the group's partial accumulators in a fixed order: 0, 1, ..., group-1. */
  for (int q = 0; mask_c; mask_c &= mask_c - 1, q++) {
    int col = __ffs(mask_c) - 1;
    int slot = dense ? FMT_TILE * r + (col ^ r) : start_c + q;
    double v = acc_all[hw][slot];
    for (int k = 1; k < group; k++)
      v += acc_all[hw + k][slot];
    out[q] = v;
    if (LAYOUT)
      out_idx[q] = (uint8_t)((r << 4) | col);
  }
  if (!ONE_PASS && SYM) {
    __syncwarp(fmt_half_warp_mask()); /* the tile's values are written */
    int64_t tw = c.twin[t];
    spgemm_mirror_tile(row_mask, start_c, c.mask[FMT_TILE * tw + r], c.row_ptr[FMT_TILE * tw + r],
                       c.col[t] == c.row[t], c.val + c.tile_nnz[t], c.val + c.tile_nnz[tw], r, staged[0]);
  }
  return nnz;
}

#endif
