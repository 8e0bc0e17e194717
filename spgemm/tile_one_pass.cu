/* Steps 2 and 3 in one pass over the candidates (CPU references:
 * tile_symbolic.c and tile_numeric.c).
 *
 * Two passes search each C tile's pairs twice: once for its masks (step 2),
 * once for its values (step 3). When C has few tiles, this kernel searches
 * them once per candidate (tile_numeric_tile.cuh, ONE_PASS): the dense
 * accumulator holds the values while lane r ORs row r's mask, and each
 * candidate leaves its masks and nnz where step 2 would and its values in
 * slots of its own (cand_val: 256, 2 KB per candidate, or, for many
 * candidates, SPGEMM_ONE_PASS_FEW_SLOTS, which a fuller tile leaves
 * empty), which C's compaction then copies. The sums run in the order of
 * the pair kernel, so the result is bitwise reproducible; it can differ
 * from the two-pass
 * result in rounding when the two split a tile's pairs between different
 * numbers of half-warps (they count candidates and C's tiles), or when two
 * passes take step 3's row kernel.
 *
 * The candidates' (kept, nnz) prefixes are scanned as in step 2: inside
 * the kernel when one wave takes every candidate (last_block_scan.cuh),
 * else by CUB. In that second case (with units of at most a warp), the
 * grid is one wave whose units take candidates one at a time from a
 * counter until none is left. With a unit per candidate, a block held its
 * multiprocessor until its slowest unit was done, and its other warps
 * waited at the group barrier: 56% of the stall cycles on the model's 3D
 * 7-point P^T*(AP) (run 131). Fixed ranges of up to 4 candidates per unit,
 * as in step 2, left the GPU unevenly loaded (run 95: SA 3D 7-point level
 * 1's P^T*(AP) 1.257 -> 1.582 ms for steps 2 and 3): these candidates are
 * the expensive ones. */
#include <algorithm>
#include <type_traits>

#include "last_block_scan.cuh"
#include "tile_numeric_tile.cuh"

static __device__ unsigned one_pass_ticket; /* last_block_scan.cuh */

/* The fused instance's scan takes shared memory enough to hold it to 5
 * blocks per multiprocessor, so the compiler may give it the registers of 5
 * (asked for 6, it spilled 108 bytes). */
#define ONE_PASS_FUSED_MIN_BLOCKS 5

/* A unit of group half-warps per candidate, NUMERIC_HALF_WARPS / group
 * units per block. FUSED: unit g takes candidate g, then the units' and
 * blocks' totals are scanned (as the symbolic kernel's, with one
 * candidate per unit, whose prefix within its unit is zero). Else, with
 * next (group <= 2), each unit takes candidates from *next until none is
 * left, on a grid of at most one wave; without next, unit g takes
 * candidate g. SYM (never FUSED): the candidates on and above the diagonal
 * only (tile_twins.cu). */
template <int LANES, bool FUSED, bool BY_ROWS, bool SYM>
static __global__ void __launch_bounds__(NUMERIC_THREADS, FUSED ? ONE_PASS_FUSED_MIN_BLOCKS : NUMERIC_MIN_BLOCKS)
    one_pass_kernel(int64_t num_cand, int group, unsigned long long *next, numeric_c c, const int64_t *a_tile_ptr,
                    const int32_t *a_tile_col, const int64_t *a_tile_nnz, const uint16_t *a_mask,
                    const uint8_t *a_row_ptr, const double *a_val, spgemm_b_lookup bl, const int64_t *b_tile_nnz,
                    const uint16_t *b_mask, const uint8_t *b_row_ptr, const double *b_val,
                    fmt_tile_count *local_prefix, fmt_tile_count *scratch, fmt_tile_count *total) {
  __shared__ double acc_all[NUMERIC_HALF_WARPS][FMT_TILE * FMT_TILE];
  __shared__ uint32_t staged_all[NUMERIC_HALF_WARPS][NUM_BATCH][16];
  __shared__ spgemm_found found_all[NUMERIC_HALF_WARPS];
  __shared__ fmt_tile_count unit_total[NUMERIC_HALF_WARPS];
  int hw = threadIdx.x >> 4, r = threadIdx.x & 15, sh = hw & (group - 1), units = NUMERIC_HALF_WARPS / group;
#define ONE_PASS_TILE_ARGS                                                                         \
  group, 0, c, a_tile_ptr, a_tile_col, a_tile_nnz, a_mask, a_row_ptr, a_val, bl, b_tile_nnz, b_mask, b_row_ptr, \
      b_val, acc_all, staged_all, found_all
  if (!FUSED && next) {
    for (int64_t u = spgemm_grab_unit(next, group); u < num_cand; u = spgemm_grab_unit(next, group)) {
      (void)numeric_tile<LANES, true, BY_ROWS, SYM>(true, u, ONE_PASS_TILE_ARGS);
      if (group == 2)
        __syncwarp(); /* the first half has read the second's accumulator and mask */
    }
    return;
  }
  int64_t u = (int64_t)blockIdx.x * units + hw / group;
  bool active = u < num_cand;
  int nnz = numeric_tile<LANES, true, BY_ROWS, SYM>(active, u, ONE_PASS_TILE_ARGS);
#undef ONE_PASS_TILE_ARGS
  if (!FUSED)
    return;
  if (sh == 0 && r == 0) {
    if (active)
      local_prefix[u] = fmt_tile_count{0, 0};
    unit_total[hw / group] = fmt_tile_count{nnz > 0 ? 1 : 0, nnz}; /* 0 when not active */
  }
  spgemm_scan_units<NUMERIC_THREADS>(units, unit_total, scratch, total, &one_pass_ticket,
                                     fmt_tile_count{0, 0}, fmt_tile_count_sum{});
}

spgemm_scan_layout spgemm_one_pass_layout(int64_t num_cand, int group, bool by_rows) {
  static const int64_t wave16 = spgemm_one_wave(one_pass_kernel<16, true, false, false>, NUMERIC_THREADS);
  static const int64_t wave32 = spgemm_one_wave(one_pass_kernel<32, true, false, false>, NUMERIC_THREADS);
  static const int64_t wave16_rows = spgemm_one_wave(one_pass_kernel<16, true, true, false>, NUMERIC_THREADS);
  static const int64_t wave32_rows = spgemm_one_wave(one_pass_kernel<32, true, true, false>, NUMERIC_THREADS);
  int units = NUMERIC_HALF_WARPS / group;
  int64_t wave = group == 1 ? (by_rows ? wave16_rows : wave16) : (by_rows ? wave32_rows : wave32);
  spgemm_scan_layout l = spgemm_scan_plan(num_cand, units, wave);
  return l.len == 1 ? l : spgemm_scan_unfused(num_cand, units);
}

amg_status spgemm_one_pass_device(const fmt_tile *a, spgemm_b_lookup bl, const fmt_tile *b,
                                  int64_t num_cand, const int32_t *cand_row, const int32_t *cand_col, bool upper,
                                  int group, spgemm_scan_layout l, uint16_t *cand_mask, int32_t *cand_nnz,
                                  int slots, double *cand_val,
                                  fmt_tile_count *prefix, fmt_tile_count *total, unsigned long long *next) {
  if (num_cand == 0)
    return AMG_OK;
  if (upper && l.fused)
    return amg_error(AMG_ERR_ARG, "spgemm: a symmetric product's one pass cannot scan its own counts");
  numeric_c c = {cand_row, cand_col, NULL, NULL, NULL, cand_mask, cand_nnz, cand_val, NULL, slots, NULL};
  unsigned blocks = (unsigned)l.blocks;
  if (l.fused || group > 2) {
    next = NULL;
  } else { /* the units loop over the candidates */
    static const int64_t wave16 = spgemm_one_wave(one_pass_kernel<16, false, false, false>, NUMERIC_THREADS);
    static const int64_t wave32 = spgemm_one_wave(one_pass_kernel<32, false, false, false>, NUMERIC_THREADS);
    blocks = (unsigned)std::min<int64_t>(l.blocks, group == 1 ? wave16 : wave32); /* *next is zero */
  }
#define ONE_PASS_ARGS                                                                              \
  num_cand, group, next, c, a->tile_ptr, a->tile_col, a->tile_nnz, a->mask, a->row_ptr, a->val, bl, \
      b->tile_nnz, b->mask, b->row_ptr, b->val, prefix, prefix + num_cand, total
  auto launch = [&](auto by_rows) {
    constexpr bool R = decltype(by_rows)::value;
    if (group == 1 && l.fused)
      one_pass_kernel<16, true, R, false><<<blocks, NUMERIC_THREADS, 0, fmt_stream()>>>(ONE_PASS_ARGS);
    else if (group == 1 && upper)
      one_pass_kernel<16, false, R, true><<<blocks, NUMERIC_THREADS, 0, fmt_stream()>>>(ONE_PASS_ARGS);
    else if (group == 1)
      one_pass_kernel<16, false, R, false><<<blocks, NUMERIC_THREADS, 0, fmt_stream()>>>(ONE_PASS_ARGS);
    else if (l.fused)
      one_pass_kernel<32, true, R, false><<<blocks, NUMERIC_THREADS, 0, fmt_stream()>>>(ONE_PASS_ARGS);
    else if (upper)
      one_pass_kernel<32, false, R, true><<<blocks, NUMERIC_THREADS, 0, fmt_stream()>>>(ONE_PASS_ARGS);
    else
      one_pass_kernel<32, false, R, false><<<blocks, NUMERIC_THREADS, 0, fmt_stream()>>>(ONE_PASS_ARGS);
  };
  if (bl.tile)
    launch(std::false_type{});
  else
    launch(std::true_type{});
#undef ONE_PASS_ARGS
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

FMT_DEVICE_MODULE(one_pass_kernel<16, true, false, false>);
