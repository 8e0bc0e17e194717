/* Step 3 on the GPU (CPU reference: tile_numeric.c): the pair kernel, a C
 * tile per half-warp or group of them (tile_numeric_tile.cuh).
 *
 * When the row kernel (tile_numeric_rows.cu) is used (spgemm.h), it runs
 * first and takes the C tile rows that fit its shared memory; this kernel
 * then takes the other rows' tiles, walking a list of them on large
 * products (tile_leftover.cu). After a one pass that kept fewer than 256
 * values per candidate, it recomputes the C tiles of more entries, from a
 * list of them (spgemm_numeric_overflow_device).
 */
#include "last_block_scan.cuh" /* spgemm_one_wave */
#include <algorithm>
#include <type_traits>

#include "tile_numeric_tile.cuh"

/* Whether C tile t is the pair kernel's: with row_slots > 0, the row
 * kernel took the C tile rows of at most row_slots entries. */
static __device__ __forceinline__ bool left_to_pairs(int64_t t, int row_slots, const numeric_c &c,
                                                     const int64_t *c_tile_ptr) {
  if (row_slots <= 0)
    return true;
  int32_t i = c.row[t];
  return c.tile_nnz[c_tile_ptr[i + 1]] - c.tile_nnz[c_tile_ptr[i]] > row_slots;
}

/* C tiles 0 .. nt - 1 (with row_slots > 0 skipping the tiles of C tile
 * rows of at most row_slots entries, the row kernel's), or (LIST) the C
 * tiles left[0 .. work[0]) that the row kernel left. Units of group <= 2
 * half-warps take them one at a time from the counter work[1]
 * (spgemm_grab_unit) on one wave of blocks; on a smaller grid, with no
 * work, unit g takes tile g. WIDE, for groups of more than two half-warps
 * (few tiles): NUMERIC_HALF_WARPS / group tiles per block, the plain grid
 * covering all of them, the LIST one taking as many at a time per block.
 * SYM: a symmetric product's (numeric_tile). LAYOUT: the tiles also get
 * C's layout (numeric_tile), and the last tile_nnz is unpacked here.
 * Separate instances, so that each keeps its registers. */
template <int LANES, bool LIST, bool BY_ROWS, bool WIDE, bool SYM, bool LAYOUT = false>
static __global__ void __launch_bounds__(NUMERIC_THREADS, NUMERIC_MIN_BLOCKS)
    numeric_kernel(int64_t nt, int row_slots, const int64_t *left, unsigned long long *work, int group,
                   int dense_threshold, const int64_t *c_tile_ptr, numeric_c c, const int64_t *a_tile_ptr,
                   const int32_t *a_tile_col, const int64_t *a_tile_nnz, const uint16_t *a_mask,
                   const uint8_t *a_row_ptr, const double *a_val,
                   spgemm_b_lookup bl,
                   const int64_t *b_tile_nnz, const uint16_t *b_mask, const uint8_t *b_row_ptr,
                   const double *b_val) {
  __shared__ double acc_all[NUMERIC_HALF_WARPS][FMT_TILE * FMT_TILE];
  __shared__ uint32_t staged_all[NUMERIC_HALF_WARPS][NUM_BATCH][16];
  __shared__ spgemm_found found_all[NUMERIC_HALF_WARPS];
  __shared__ int64_t grabbed;
  int hw = threadIdx.x >> 4, per_block = NUMERIC_HALF_WARPS / group;
  static_assert(!LAYOUT || (!LIST && !SYM), "C's layout is written over all of C's tiles, of a general product");
  if (LAYOUT)
    spgemm_unpack_last_tile_nnz(c.tile_nnz, nt);
#define NUMERIC_TILE_ARGS                                                                          \
  group, dense_threshold, c, a_tile_ptr, a_tile_col, a_tile_nnz, a_mask, a_row_ptr, a_val, bl, b_tile_nnz, \
      b_mask, b_row_ptr, b_val, acc_all, staged_all, found_all
  if (!WIDE) { /* without work (a grid of at most one wave), unit g takes tile g only */
    int64_t n = LIST ? (int64_t)work[0] : nt;
    if (n == 0)
      return; /* an empty list: no unit takes from the counter */
    int64_t w = work ? spgemm_grab_unit(work + 1, group) : (int64_t)blockIdx.x * per_block + hw / group;
    for (; w < n; w = work ? spgemm_grab_unit(work + 1, group) : n) {
      int64_t t = LIST ? left[w] : w;
      bool active = LIST || left_to_pairs(t, row_slots, c, c_tile_ptr);
      (void)numeric_tile<LANES, false, BY_ROWS, SYM, LAYOUT>(active, t, NUMERIC_TILE_ARGS);
      if (group == 2)
        __syncwarp(); /* the first half has read the second's accumulator */
    }
    return;
  }
  if (!LIST) {
    int64_t t = (int64_t)blockIdx.x * per_block + hw / group;
    bool active = t < nt && left_to_pairs(t, row_slots, c, c_tile_ptr);
    (void)numeric_tile<LANES, false, BY_ROWS, SYM, LAYOUT>(active, t, NUMERIC_TILE_ARGS);
    return;
  }
  int64_t n = (int64_t)work[0];
  for (int64_t w = spgemm_grab(work + 1, per_block, &grabbed); w < n;
       w = spgemm_grab(work + 1, per_block, &grabbed)) {
    bool active = w + hw / group < n; /* the loop is block-uniform, for the barriers in numeric_tile */
    int64_t t = active ? left[w + hw / group] : 0;
    (void)numeric_tile<LANES, false, BY_ROWS, SYM, LAYOUT>(active, t, NUMERIC_TILE_ARGS);
    if (group > 1)
      __syncthreads(); /* the group's sum has read the accumulators */
  }
#undef NUMERIC_TILE_ARGS
}

/* launch(by_rows, sym) with the flags as compile-time constants, for the
 * kernel instance of B's lookup (tile_match.cuh) and a symmetric product. */
template <class Launch>
static void launch_instance(bool by_rows, bool sym, Launch launch) {
  if (!by_rows && !sym)
    launch(std::false_type{}, std::false_type{});
  else if (!sym)
    launch(std::true_type{}, std::false_type{});
  else if (!by_rows)
    launch(std::false_type{}, std::true_type{});
  else
    launch(std::true_type{}, std::true_type{});
}

/* Half-warps per C tile for the pair kernel (spgemm_half_warps_per_tile). */
static int pair_group(const fmt_tile *a, const fmt_tile *b, const fmt_tile *c, bool sym) {
  return spgemm_half_warps_per_tile(spgemm_computed_tiles(c->num_tiles, c->tile_m, sym), spgemm_mean_list(a, b),
                                    SPGEMM_WARP_LIST, fmt_half_warp_slots());
}

/* A wave of blocks of the pair kernel with group half-warps per tile (the
 * leftover list's grid, SPGEMM_LEFTOVER_WAVES, and the counter's), from the
 * column-order instances. */
static int64_t pair_wave(int group) {
  static const int64_t wave16 = spgemm_one_wave(numeric_kernel<16, true, false, false, false>, NUMERIC_THREADS);
  static const int64_t wave32 = spgemm_one_wave(numeric_kernel<32, true, false, false, false>, NUMERIC_THREADS);
  return group == 1 ? wave16 : wave32;
}

/* The pair kernel on `blocks` blocks over C's tiles (with row_slots > 0,
 * those of the rows the row kernel left) or, with left, over the list
 * left[0 .. work[0]); with work, units take their tiles from work[1].
 * layout: it also writes C's layout (numeric_tile's LAYOUT; all of C's
 * tiles, no twins). */
static amg_status launch_pair_kernel(const fmt_tile *a, spgemm_b_lookup bl, const fmt_tile *b, fmt_tile *c,
                                     const int32_t *c_row, const int32_t *c_twin, int dense_threshold, int group,
                                     unsigned blocks, int row_slots, const int64_t *left,
                                     unsigned long long *work, bool layout) {
  if (layout && (c_twin || left || row_slots > 0))
    return amg_error(AMG_ERR_ARG, "spgemm: the pair kernel writes C's layout only over all tiles of a general "
                                  "product");
  numeric_c cc = {c_row, c->tile_col, c->tile_nnz, c->mask, c->row_ptr, NULL, NULL, c->val, c_twin, 0, c->idx};
#define NUMERIC_ARGS                                                                               \
  c->num_tiles, row_slots, left, work, group, dense_threshold, c->tile_ptr, cc, a->tile_ptr, a->tile_col,  \
      a->tile_nnz, a->mask, a->row_ptr, a->val, bl, b->tile_nnz, b->mask, b->row_ptr, b->val
  auto launch = [&](auto by_rows, auto sym) {
    constexpr bool R = decltype(by_rows)::value, S = decltype(sym)::value;
    if (layout && group == 1)
      numeric_kernel<16, false, R, false, false, true><<<blocks, NUMERIC_THREADS, 0, fmt_stream()>>>(NUMERIC_ARGS);
    else if (layout && group == 2)
      numeric_kernel<32, false, R, false, false, true><<<blocks, NUMERIC_THREADS, 0, fmt_stream()>>>(NUMERIC_ARGS);
    else if (layout)
      numeric_kernel<32, false, R, true, false, true><<<blocks, NUMERIC_THREADS, 0, fmt_stream()>>>(NUMERIC_ARGS);
    else if (group == 1 && left)
      numeric_kernel<16, true, R, false, S><<<blocks, NUMERIC_THREADS, 0, fmt_stream()>>>(NUMERIC_ARGS);
    else if (group == 1)
      numeric_kernel<16, false, R, false, S><<<blocks, NUMERIC_THREADS, 0, fmt_stream()>>>(NUMERIC_ARGS);
    else if (group == 2 && left)
      numeric_kernel<32, true, R, false, S><<<blocks, NUMERIC_THREADS, 0, fmt_stream()>>>(NUMERIC_ARGS);
    else if (group == 2)
      numeric_kernel<32, false, R, false, S><<<blocks, NUMERIC_THREADS, 0, fmt_stream()>>>(NUMERIC_ARGS);
    else if (left)
      numeric_kernel<32, true, R, true, S><<<blocks, NUMERIC_THREADS, 0, fmt_stream()>>>(NUMERIC_ARGS);
    else
      numeric_kernel<32, false, R, true, S><<<blocks, NUMERIC_THREADS, 0, fmt_stream()>>>(NUMERIC_ARGS);
  };
#undef NUMERIC_ARGS
  launch_instance(!bl.tile, c_twin != NULL, launch);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

amg_status spgemm_numeric_overflow_device(const fmt_tile *a, spgemm_b_lookup bl, const fmt_tile *b, fmt_tile *c,
                                          const int32_t *c_row, const int32_t *c_twin, int slots) {
  int64_t nt = c->num_tiles;
  if (nt == 0)
    return AMG_OK;
  int64_t *left = NULL;
  unsigned long long *work = NULL; /* in left's allocation */
  /* each C tile a "row" of its own, weighed by its entries */
  amg_status s = spgemm_leftover_device((int32_t)nt, nt, NULL, c->tile_nnz, slots, NULL, &left, &work);
  if (s == AMG_OK) {
    int group = pair_group(a, b, c, c_twin != NULL);
    s = launch_pair_kernel(a, bl, b, c, c_row, c_twin, SPGEMM_DENSE_THRESHOLD, group,
                           (unsigned)(SPGEMM_LEFTOVER_WAVES * pair_wave(group)), 0, left, work, false);
  }
  fmt_device_free(left);
  return s;
}

amg_status spgemm_numeric_device(const fmt_tile *a, spgemm_b_lookup bl, const fmt_tile *b, const uint16_t *occ,
                                 fmt_tile *c, const int32_t *c_row, const int32_t *c_twin, int dense_threshold,
                                 spgemm_kernels kernels, int row_split, bool list, bool layout,
                                 unsigned long long *counters) {
  int64_t nt = c->num_tiles;
  if (nt == 0)
    return AMG_OK;
  bool by_rows = spgemm_numeric_by_rows(kernels, c);
  if (layout && (c_twin || by_rows)) { /* the pair kernel does not take every tile */
    amg_status s = spgemm_finish_layout_device(c);
    if (s != AMG_OK)
      return s;
    layout = false;
  }
  int64_t *left = NULL;
  unsigned long long *work = NULL; /* the leftover list's, or that of units of at most 2 half-warps */
  int group = pair_group(a, b, c, c_twin != NULL);
  unsigned blocks = (unsigned)((nt + NUMERIC_HALF_WARPS / group - 1) / (NUMERIC_HALF_WARPS / group));
  int64_t wave = pair_wave(group);
  int row_slots = 0;
  amg_status s = AMG_OK;
  if (by_rows) { /* the pair kernel takes the rows it leaves */
    AMG_TRY_GOTO(spgemm_numeric_rows_device(a, b, occ, c, c_twin, row_split), s, done);
    row_slots = SPGEMM_ROW_SLOTS;
  }
  if (row_slots > 0 && (list || spgemm_use_leftover(blocks, wave))) {
    AMG_TRY_GOTO(spgemm_leftover_device(c->tile_m, nt, c->tile_ptr, c->tile_nnz, SPGEMM_ROW_SLOTS,
                                        counters + SPGEMM_STEP3_LIST, &left, &work),
                 s, done);
    blocks = (unsigned)(SPGEMM_LEFTOVER_WAVES * wave);
    row_slots = 0; /* the list holds only the pair kernel's tiles */
  } else if (group <= 2 && blocks > wave) { /* the units take C's tiles from a counter, zero */
    work = counters + SPGEMM_STEP3_WORK;
    blocks = (unsigned)std::min<int64_t>(blocks, wave);
  }
  AMG_TRY_GOTO(
      launch_pair_kernel(a, bl, b, c, c_row, c_twin, dense_threshold, group, blocks, row_slots, left, work, layout),
      s, done);
done:
  fmt_device_free(left); /* with its work, unless that is in counters */
  return s;
}

FMT_DEVICE_MODULE(numeric_kernel<16, true, false, false, false>);
