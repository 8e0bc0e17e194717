/* Step 1 on the GPU (CPU reference: tile_structure.c): C's candidate tile
 * structure, the symbolic product of the tile layouts (all of it, also for
 * a symmetric product: tile_twins.cu).
 *
 * A group of G lanes per tile row i of A: a warp, or where A's tile rows
 * are short, a half or a quarter of one (group_lanes), so that more rows are
 * in flight. The candidate columns are the union of B's tile rows k over
 * A's tiles (i, k). The group first finds their range [lo, hi] from the
 * first and last column of each B row, then sets bits in a shared-memory
 * bitmap of G * 256 columns (several windows when the range is wider).
 * Reading the bitmap word by word yields the columns already sorted: the
 * count pass counts them and parks them (spgemm_park: up to
 * SPGEMM_PARK_PER_TILE columns per tile of A's row, its own offsets, no
 * scan needed), and the fill pass copies the parked columns to their
 * places, or where a row had more than its room, finds them again. The
 * fill pass used to find every row's again: 25.6 us of the 3D 7-point
 * A*P (run 259), 7.2 us copying (run 265). The row counts are scanned by the count pass
 * itself when there are few rows (last_block_scan.cuh: the host reads the
 * total from the mailbox and the fill pass adds up each row's start), else
 * by a CUB scan and a copy. Integer atomics only, so the result does not
 * depend on timing.
 *
 * Where C has few tile rows and A's are long (block_rows), a whole block
 * takes each row, with a bitmap of all its warps' words: a warp per row
 * left most of the GPU idle and walked A's row serially (step 1 took 0.536
 * ms of the SA 3D 7-point level-1 P^T*A, 169 tile rows, run 186).
 *
 * Exact candidates (spgemm.h): with the tiles' occupancy (a_cols: the OR of
 * A tile's row masks, the columns it uses; b_rows: bit r set when B tile's
 * row r holds an entry), a pair (A_ik, B_kj) marks column j only when
 * a_cols & b_rows != 0, the condition for it to add an entry to C tile
 * (i, j). Then every candidate is one of C's tiles. */
#include "last_block_scan.cuh"
#include "spgemm_device.cuh"

#define STRUCT_WORDS 256 /* bitmap words per warp, shared by its groups */
#define STRUCT_WARPS 8    /* warps per block */

/* Bitmap words of a G-lane group: its share of its warp's STRUCT_WORDS. */
template <int G>
constexpr int group_words = STRUCT_WORDS / 32 * G;

/* This thread's share of tile row [a_lo, a_hi) of A, tiles first, first +
 * stride, ...: the range [*lo, *hi] of B's columns under it (widened). */
static __device__ __forceinline__ void columns_range(int64_t a_lo, int64_t a_hi, int first, int stride,
                                                     const int32_t *a_tile_col, const int64_t *b_tile_ptr,
                                                     const int32_t *b_tile_col, int32_t *lo, int32_t *hi) {
  for (int64_t ta = a_lo + first; ta < a_hi; ta += stride) {
    int32_t k = a_tile_col[ta];
    int64_t b0 = b_tile_ptr[k], b1 = b_tile_ptr[k + 1];
    if (b1 > b0) {
      *lo = min(*lo, b_tile_col[b0]);
      *hi = max(*hi, b_tile_col[b1 - 1]);
    }
  }
}

/* The same share: sets the bits of the candidate columns in window [w0,
 * w0 + window) of the bitmap (with b_rows, only those of pairs that add
 * entries: exact candidates). */
static __device__ __forceinline__ void mark_window(int64_t a_lo, int64_t a_hi, int first, int stride, int64_t w0,
                                                   int64_t window, const int32_t *a_tile_col,
                                                   const int64_t *b_tile_ptr, const int32_t *b_tile_col,
                                                   const uint16_t *a_cols, const uint16_t *b_rows,
                                                   uint32_t *bitmap) {
  for (int64_t ta = a_lo + first; ta < a_hi; ta += stride) {
    int32_t k = a_tile_col[ta];
    unsigned cols = a_cols ? a_cols[ta] : 0xFFFFu;
    int64_t b1 = b_tile_ptr[k + 1];
    for (int64_t tb = fmt_lower_bound(b_tile_col, b_tile_ptr[k], b1, (int32_t)w0); tb < b1; tb++) {
      int64_t bit = b_tile_col[tb] - w0;
      if (bit >= window)
        break;
      if (!b_rows || (cols & b_rows[tb]))
        atomicOr(&bitmap[bit >> 5], 1u << (bit & 31));
    }
  }
}

/* Candidate columns of C's tile row i, by a group of G lanes with a bitmap
 * of group_words<G> words: writes them from position out, those before
 * position limit, and (where cand_row is not NULL) their row. Returns their
 * number (on every lane). */
template <int G>
static __device__ int64_t row_candidates(int32_t i, const int64_t *a_tile_ptr,
                                         const int32_t *a_tile_col,
                                         const int64_t *b_tile_ptr, const int32_t *b_tile_col,
                                         const uint16_t *a_cols, const uint16_t *b_rows,
                                         int64_t out, int64_t limit, int32_t *cand_col, int32_t *cand_row,
                                         uint32_t *bitmap) {
  constexpr int64_t bits_per_window = (int64_t)group_words<G> * 32;
  unsigned members = fmt_lanes_mask<G>();
  int lane = threadIdx.x & (G - 1);
  int64_t a_lo = a_tile_ptr[i], a_hi = a_tile_ptr[i + 1];
  int32_t lo = INT32_MAX, hi = -1;
  columns_range(a_lo, a_hi, lane, G, a_tile_col, b_tile_ptr, b_tile_col, &lo, &hi);
  lo = __reduce_min_sync(members, lo);
  hi = __reduce_max_sync(members, hi);
  int64_t count = 0;
  for (int64_t w0 = lo; w0 <= hi; w0 += bits_per_window) {
    int64_t span = min(bits_per_window, (int64_t)hi - w0 + 1);
    int words = (int)((span + 31) / 32);
    for (int w = lane; w < words; w += G)
      bitmap[w] = 0;
    __syncwarp(members);
    mark_window(a_lo, a_hi, lane, G, w0, bits_per_window, a_tile_col, b_tile_ptr, b_tile_col, a_cols, b_rows,
                bitmap);
    __syncwarp(members);
    for (int wbase = 0; wbase < words; wbase += G) {
      uint32_t word = wbase + lane < words ? bitmap[wbase + lane] : 0u;
      int bits = __popc(word), incl = fmt_lanes_inclusive_sum<G>(bits);
      int64_t pos = out + count + incl - bits;
      for (; word && pos < limit; word &= word - 1, pos++) {
        cand_col[pos] = (int32_t)(w0 + (int64_t)(wbase + lane) * 32 + __ffs(word) - 1);
        if (cand_row)
          cand_row[pos] = i;
      }
      count += __shfl_sync(members, incl, G - 1, G);
    }
    __syncwarp(members);
  }
  return count;
}

static __device__ unsigned structure_ticket; /* last_block_scan.cuh */

/* Row i's columns found by the count pass, parked (spgemm_park) by its
 * group of G lanes: all of them where they fit, and its count. */
template <int G>
static __device__ __forceinline__ int64_t park_row(int32_t i, const int64_t *a_tile_ptr, const int32_t *a_tile_col,
                                                   const int64_t *b_tile_ptr, const int32_t *b_tile_col,
                                                   const uint16_t *a_cols, const uint16_t *b_rows,
                                                   spgemm_park park, uint32_t *bitmap) {
  int64_t first = SPGEMM_PARK_PER_TILE * a_tile_ptr[i]; /* the row's room in the park starts here */
  int64_t count = row_candidates<G>(i, a_tile_ptr, a_tile_col, b_tile_ptr, b_tile_col, a_cols, b_rows, first,
                                    SPGEMM_PARK_PER_TILE * a_tile_ptr[i + 1], park.col, NULL, bitmap);
  if ((threadIdx.x & (G - 1)) == 0)
    park.count[i] = (int32_t)count; /* at most B's tile columns */
  return count;
}

/* Count pass (last_block_scan.cuh), fused: warp w of block b counts rows
 * [(b * STRUCT_WARPS + w) * len, ... + len); cand_ptr[i + 1] = row i's
 * exclusive prefix within its warp's rows; scratch holds the warps'
 * prefixes within their blocks, then the blocks' prefixes; *total = all
 * candidates. Not FUSED (len = 1): cand_ptr[i + 1] = row i's count.
 * Both set cand_ptr[0] = 0, zero the product's counters (SPGEMM_COUNTERS)
 * and park each row's columns. The minimum blocks keep the registers of before
 * the exact candidates: left to the compiler, the fused instance got 32
 * and spilled 56 bytes. Fused, a row has a warp (G = 32); not fused, a
 * group of G lanes. */
template <bool FUSED, int G>
static __global__ void __launch_bounds__(STRUCT_WARPS * 32, FUSED ? 6 : 8) /* 40 and 32 registers */
    count_kernel(int32_t tile_m, int64_t len, const int64_t *a_tile_ptr,
                 const int32_t *a_tile_col, const int64_t *b_tile_ptr, const int32_t *b_tile_col,
                 const uint16_t *a_cols, const uint16_t *b_rows, spgemm_park park, unsigned long long *counters,
                 int64_t *cand_ptr, int64_t *scratch, int64_t *total) {
  static_assert(!FUSED || G == 32, "the fused scan counts by warps");
  __shared__ uint32_t bitmap_all[STRUCT_WARPS][STRUCT_WORDS];
  __shared__ int64_t warp_total[STRUCT_WARPS];
  int warp = threadIdx.x >> 5;
  if (blockIdx.x == 0 && threadIdx.x < SPGEMM_COUNTERS)
    counters[threadIdx.x] = 0;
  if (blockIdx.x == 0 && threadIdx.x == 0)
    cand_ptr[0] = 0;
  if (!FUSED) { /* as plain as it looks: 32 registers */
    int group = threadIdx.x / G;
    int32_t i = (int32_t)((int64_t)blockIdx.x * (STRUCT_WARPS * 32 / G) + group);
    if (i >= tile_m)
      return; /* whole group */
    int64_t count = park_row<G>(i, a_tile_ptr, a_tile_col, b_tile_ptr, b_tile_col, a_cols, b_rows, park,
                                &bitmap_all[0][0] + group * group_words<G>);
    if ((threadIdx.x & (G - 1)) == 0)
      cand_ptr[i + 1] = count;
    return;
  }
  int64_t first = ((int64_t)blockIdx.x * STRUCT_WARPS + warp) * len, run = 0;
  for (int64_t i = first; i < first + len && i < tile_m; i++) {
    if ((threadIdx.x & 31) == 0)
      cand_ptr[i + 1] = run;
    run += park_row<32>((int32_t)i, a_tile_ptr, a_tile_col, b_tile_ptr, b_tile_col, a_cols, b_rows, park,
                        bitmap_all[warp]);
  }
  if ((threadIdx.x & 31) == 0)
    warp_total[warp] = run;
  spgemm_scan_units<STRUCT_WARPS * 32>(STRUCT_WARPS, warp_total, scratch, total, &structure_ticket,
                                       (int64_t)0, spgemm_int64_sum{});
}

/* Whether row i's columns all fit its room in the park. */
static __device__ __forceinline__ bool parked(int32_t i, const int64_t *a_tile_ptr, spgemm_park park,
                                              int64_t *count) {
  *count = park.count[i];
  return *count <= SPGEMM_PARK_PER_TILE * (a_tile_ptr[i + 1] - a_tile_ptr[i]);
}

/* Row i's count parked columns to their place from start, and their row,
 * by lanes lane, lane + lanes, ... */
static __device__ __forceinline__ void copy_parked(int32_t i, int64_t count, int64_t start, int lane, int lanes,
                                                   const int64_t *a_tile_ptr, spgemm_park park, int32_t *cand_col,
                                                   int32_t *cand_row) {
  const int32_t *from = park.col + SPGEMM_PARK_PER_TILE * a_tile_ptr[i];
  for (int64_t q = lane; q < count; q += lanes) {
    cand_col[start + q] = from[q];
    cand_row[start + q] = i;
  }
}

/* Fill pass, a group of G lanes per row. Fused: row i starts at its prefix
 * (the count pass's three levels) and leaves cand_ptr[i + 1] = its end;
 * else cand_ptr is complete already. */
template <int G>
static __global__ void __launch_bounds__(STRUCT_WARPS * 32)
    fill_kernel(int32_t tile_m, spgemm_scan_layout layout, const int64_t *a_tile_ptr,
                const int32_t *a_tile_col, const int64_t *b_tile_ptr, const int32_t *b_tile_col,
                const uint16_t *a_cols, const uint16_t *b_rows, spgemm_park park, int64_t *cand_ptr,
                const int64_t *scratch, int32_t *cand_col, int32_t *cand_row) {
  __shared__ uint32_t bitmap_all[STRUCT_WARPS * STRUCT_WORDS];
  int group = threadIdx.x / G;
  int32_t i = (int32_t)((int64_t)blockIdx.x * (STRUCT_WARPS * 32 / G) + group);
  if (i >= tile_m)
    return; /* whole group */
  int64_t start; /* fused: cand_ptr[i] may be being rewritten by row i - 1 */
  if (layout.fused)
    start = spgemm_scan_prefix(i, layout, cand_ptr + 1, scratch, spgemm_int64_sum{});
  else
    start = cand_ptr[i];
  int64_t count;
  if (parked(i, a_tile_ptr, park, &count)) {
    copy_parked(i, count, start, threadIdx.x & (G - 1), G, a_tile_ptr, park, cand_col, cand_row);
  } else {
    count = row_candidates<G>(i, a_tile_ptr, a_tile_col, b_tile_ptr, b_tile_col, a_cols, b_rows, start, INT64_MAX,
                              cand_col, cand_row, bitmap_all + group * group_words<G>);
  }
  __syncwarp(fmt_lanes_mask<G>());
  if (layout.fused && (threadIdx.x & (G - 1)) == 0)
    cand_ptr[i + 1] = start + count;
}

#define BLOCK_WORDS (STRUCT_WARPS * STRUCT_WORDS) /* a block's bitmap, whatever its threads */

/* row_candidates by the whole block of THREADS threads (every thread calls
 * it), its bitmap BLOCK_WORDS words: thread t walks A's tiles t, t +
 * THREADS, ..., then reads words [t * BLOCK_WORDS / THREADS, ...) of each
 * window, so that a block scan of their counts keeps the columns sorted. */
template <int THREADS>
static __device__ int64_t block_row_candidates(int32_t i, const int64_t *a_tile_ptr, const int32_t *a_tile_col,
                                               const int64_t *b_tile_ptr, const int32_t *b_tile_col,
                                               const uint16_t *a_cols, const uint16_t *b_rows, int64_t out,
                                               int64_t limit, int32_t *cand_col, int32_t *cand_row,
                                               uint32_t *bitmap) {
  constexpr int64_t bits_per_window = (int64_t)BLOCK_WORDS * 32;
  constexpr int warps = THREADS / 32, words_per_thread = BLOCK_WORDS / THREADS;
  typedef cub::BlockScan<int, THREADS> scan_t;
  __shared__ typename scan_t::TempStorage temp;
  __shared__ int32_t warp_lo[warps], warp_hi[warps];
  int t = threadIdx.x, warp = t >> 5;
  int64_t a_lo = a_tile_ptr[i], a_hi = a_tile_ptr[i + 1];
  int32_t lo = INT32_MAX, hi = -1;
  columns_range(a_lo, a_hi, t, THREADS, a_tile_col, b_tile_ptr, b_tile_col, &lo, &hi);
  lo = __reduce_min_sync(0xFFFFFFFFu, lo);
  hi = __reduce_max_sync(0xFFFFFFFFu, hi);
  if ((t & 31) == 0) {
    warp_lo[warp] = lo;
    warp_hi[warp] = hi;
  }
  __syncthreads();
  for (int w = 0; w < warps; w++) {
    lo = min(lo, warp_lo[w]);
    hi = max(hi, warp_hi[w]);
  }
  int64_t count = 0;
  for (int64_t w0 = lo; w0 <= hi; w0 += bits_per_window) { /* the same trip count on every thread */
    int64_t span = min(bits_per_window, (int64_t)hi - w0 + 1);
    int words = (int)((span + 31) / 32);
    for (int w = t; w < words; w += THREADS)
      bitmap[w] = 0;
    __syncthreads();
    mark_window(a_lo, a_hi, t, THREADS, w0, bits_per_window, a_tile_col, b_tile_ptr, b_tile_col, a_cols,
                b_rows, bitmap);
    __syncthreads();
    int first = t * words_per_thread, bits = 0, before = 0, total = 0;
    for (int w = first; w < first + words_per_thread && w < words; w++)
      bits += __popc(bitmap[w]);
    scan_t(temp).ExclusiveSum(bits, before, total);
    int64_t pos = out + count + before;
    for (int w = first; w < first + words_per_thread && w < words; w++)
      for (uint32_t word = bitmap[w]; word && pos < limit; word &= word - 1, pos++) {
        cand_col[pos] = (int32_t)(w0 + (int64_t)w * 32 + __ffs(word) - 1);
        if (cand_row)
          cand_row[pos] = i;
      }
    count += total;
    __syncthreads(); /* the bitmap is read, and temp free, before the next window */
  }
  return count;
}

/* Count and fill passes with a block per row i = blockIdx.x (block_rows),
 * on the fused layout of one unit per block (block_row_layout): the count
 * pass parks the row's columns as park_row does and leaves cand_ptr[i + 1]
 * = 0 (the row's prefix within its unit) and the row's count as its
 * block's total; the fill pass reads its start, copies or finds the
 * columns as fill_kernel does and leaves cand_ptr[i + 1] = its end. The
 * count pass's first block zeroes the product's counters. */
template <bool FILL, int THREADS>
static __global__ void __launch_bounds__(THREADS)
    block_rows_kernel(const int64_t *a_tile_ptr, const int32_t *a_tile_col, const int64_t *b_tile_ptr,
                      const int32_t *b_tile_col, const uint16_t *a_cols, const uint16_t *b_rows,
                      spgemm_scan_layout layout, spgemm_park park, unsigned long long *counters,
                      int64_t *cand_ptr, int64_t *scratch, int64_t *total, int32_t *cand_col,
                      int32_t *cand_row) {
  __shared__ uint32_t bitmap[BLOCK_WORDS];
  __shared__ int64_t row_total[1];
  int32_t i = (int32_t)blockIdx.x;
  int64_t start = 0, count;
  if (FILL) {
    start = spgemm_scan_prefix(i, layout, cand_ptr + 1, scratch, spgemm_int64_sum{});
    __syncthreads(); /* every warp has read cand_ptr[i + 1] before thread 0 rewrites it below */
    if (parked(i, a_tile_ptr, park, &count)) {
      copy_parked(i, count, start, threadIdx.x, THREADS, a_tile_ptr, park, cand_col, cand_row);
    } else {
      count = block_row_candidates<THREADS>(i, a_tile_ptr, a_tile_col, b_tile_ptr, b_tile_col, a_cols, b_rows,
                                            start, INT64_MAX, cand_col, cand_row, bitmap);
    }
    if (threadIdx.x == 0)
      cand_ptr[i + 1] = start + count;
    return;
  }
  if (i == 0 && threadIdx.x < SPGEMM_COUNTERS)
    counters[threadIdx.x] = 0;
  count = block_row_candidates<THREADS>(i, a_tile_ptr, a_tile_col, b_tile_ptr, b_tile_col, a_cols, b_rows,
                                        SPGEMM_PARK_PER_TILE * a_tile_ptr[i],
                                        SPGEMM_PARK_PER_TILE * a_tile_ptr[i + 1], park.col, NULL, bitmap);
  if (threadIdx.x == 0) {
    park.count[i] = (int32_t)count;
    if (i == 0)
      cand_ptr[0] = 0;
    cand_ptr[i + 1] = 0;
    row_total[0] = count;
  }
  spgemm_scan_units<THREADS>(1, row_total, scratch, total, &structure_ticket, (int64_t)0, spgemm_int64_sum{});
}

/* Whether step 1 takes a block per row: C has at most a wave of rows of 8
 * warps (SPGEMM_BLOCK_ROWS_PER_SM per multiprocessor) and A's tile rows
 * average more than 32 tiles, more than a warp walks at once. */
#define SPGEMM_BLOCK_ROWS_PER_SM 8
static bool block_rows(const fmt_tile *a) {
  return a->tile_m > 0 && a->tile_m <= SPGEMM_BLOCK_ROWS_PER_SM * fmt_device_multiprocessors() &&
         a->num_tiles > 32 * (int64_t)a->tile_m;
}
static spgemm_scan_layout block_row_layout(int32_t tile_m) { return spgemm_scan_layout{true, 1, 1, tile_m}; }

/* Threads per row block. Where C's tile rows are no more than the
 * multiprocessors, each row's block has a multiprocessor to itself, and
 * 1024 threads keep four times as many loads in flight as 256 (run 247,
 * 3D 7-point level-1 P^T*A, 108 rows of 256 threads: the count and fill
 * passes took 9.3 and 12.6 us at 12.5% occupancy, mostly waiting at the
 * block's barriers). */
#define BLOCK_ROW_THREADS 256
#define WIDE_BLOCK_ROW_THREADS 1024
template <bool FILL>
static void launch_block_rows(const fmt_tile *a, const fmt_tile *b, const uint16_t *occ, spgemm_park park,
                              unsigned long long *counters, int64_t *cand_ptr, int64_t *scratch, int64_t *total,
                              int32_t *cand_col, int32_t *cand_row) {
  spgemm_scan_layout l = block_row_layout(a->tile_m);
#define BLOCK_ROWS_ARGS                                                                            \
  a->tile_ptr, a->tile_col, b->tile_ptr, b->tile_col, occ, spgemm_b_rows_of(occ, a), l, park, counters, \
      cand_ptr, scratch, total, cand_col, cand_row
  if (a->tile_m <= fmt_device_multiprocessors())
    block_rows_kernel<FILL, WIDE_BLOCK_ROW_THREADS>
        <<<(unsigned)a->tile_m, WIDE_BLOCK_ROW_THREADS, 0, fmt_stream()>>>(BLOCK_ROWS_ARGS);
  else
    block_rows_kernel<FILL, BLOCK_ROW_THREADS><<<(unsigned)a->tile_m, BLOCK_ROW_THREADS, 0, fmt_stream()>>>(
        BLOCK_ROWS_ARGS);
#undef BLOCK_ROWS_ARGS
}

/* Lanes per row in step 1: A's tile rows of at most 8 (16) tiles on average
 * need one pass of 8 (16) lanes. */
static int group_lanes(const fmt_tile *a) {
  double mean = a->tile_m ? (double)a->num_tiles / a->tile_m : 0;
  return mean <= 8 ? 8 : mean <= 16 ? 16 : 32;
}

/* The count pass's layout: STRUCT_WARPS warps per block. */
static spgemm_scan_layout count_layout(int32_t tile_m) {
  static const int64_t wave = spgemm_one_wave(count_kernel<true, 32>, STRUCT_WARPS * 32);
  return spgemm_scan_plan(tile_m, STRUCT_WARPS, wave);
}

int64_t spgemm_structure_scratch(int32_t tile_m) {
  int64_t warps = spgemm_scan_scratch(count_layout(tile_m)), blocks = spgemm_scan_scratch(block_row_layout(tile_m));
  return warps > blocks ? warps : blocks;
}

/* Columns used (the OR of the row masks) and rows used (bit r when row r
 * holds an entry) of tile t, from its 16 masks in two 16-byte loads. */
static __device__ void tile_occupancy(const uint16_t *mask, int64_t t, unsigned *cols, unsigned *rows) {
  spgemm_tile_masks m = spgemm_load_tile_masks(mask, t);
  *cols = *rows = 0;
#pragma unroll
  for (int q = 0; q < FMT_TILE / 2; q++) {
    *cols |= (m.w[q] | m.w[q] >> 16) & 0xFFFFu;
    *rows |= ((m.w[q] & 0xFFFFu) ? 1u << 2 * q : 0u) | ((m.w[q] >> 16) ? 2u << 2 * q : 0u);
  }
}

/* Thread per tile: A's tiles' columns used (a_cols), then B's tiles' rows
 * used (b_rows). When B is A (b_is_a), one pass over A's tiles sets both. */
static __global__ void occupancy_kernel(int64_t a_tiles, const uint16_t *a_mask, uint16_t *a_cols,
                                        int64_t b_tiles, const uint16_t *b_mask, uint16_t *b_rows, bool b_is_a) {
  int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  unsigned cols, rows;
  if (t < a_tiles) {
    tile_occupancy(a_mask, t, &cols, &rows);
    a_cols[t] = (uint16_t)cols;
    if (b_is_a)
      b_rows[t] = (uint16_t)rows;
  } else if (!b_is_a && t - a_tiles < b_tiles) {
    tile_occupancy(b_mask, t - a_tiles, &cols, &rows);
    b_rows[t - a_tiles] = (uint16_t)rows;
  }
}

amg_status spgemm_occupancy_device(const fmt_tile *a, const fmt_tile *b, uint16_t **occ) {
  *occ = NULL;
  int64_t n = a->num_tiles + b->num_tiles;
  amg_status s = fmt_device_alloc((void **)occ, (size_t)n * sizeof **occ);
  if (s != AMG_OK || n == 0)
    return s;
  int64_t threads = a == b ? a->num_tiles : n;
  occupancy_kernel<<<fmt_blocks(threads, 1, 256), 256, 0, fmt_stream()>>>(
      a->num_tiles, a->mask, *occ, b->num_tiles, b->mask, *occ + a->num_tiles, a == b);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

int64_t spgemm_park_entries(const fmt_tile *a) { return SPGEMM_PARK_PER_TILE * a->num_tiles + a->tile_m; }

spgemm_park spgemm_park_in(const fmt_tile *a, int32_t *entries) {
  return spgemm_park{entries, entries + SPGEMM_PARK_PER_TILE * a->num_tiles};
}

amg_status spgemm_structure_device(const fmt_tile *a, const fmt_tile *b, const uint16_t *occ, spgemm_park park,
                                   unsigned long long *counters, int64_t *cand_ptr, int64_t *scratch,
                                   int64_t *num_cand) {
  *num_cand = 0;
  int32_t tile_m = a->tile_m;
  if (tile_m == 0) {
    AMG_CUDA_TRY(cudaMemsetAsync(cand_ptr, 0, sizeof *cand_ptr, fmt_stream()));
    return AMG_OK;
  }
  void *host = NULL, *device = NULL;
  amg_status s = fmt_host_mailbox(&host, &device);
  if (s != AMG_OK)
    return s;
  bool by_blocks = block_rows(a);
  spgemm_scan_layout l = by_blocks ? block_row_layout(tile_m) : count_layout(tile_m);
  if (by_blocks)
    launch_block_rows<false>(a, b, occ, park, counters, cand_ptr, scratch, (int64_t *)device, NULL, NULL);
  else if (l.fused)
    count_kernel<true, 32><<<(unsigned)l.blocks, STRUCT_WARPS * 32, 0, fmt_stream()>>>(
        tile_m, l.len, a->tile_ptr, a->tile_col, b->tile_ptr, b->tile_col, occ,
        spgemm_b_rows_of(occ, a), park, counters, cand_ptr, scratch, (int64_t *)device);
  else {
    int g = group_lanes(a);
    unsigned blocks = fmt_blocks(tile_m, g, STRUCT_WARPS * 32);
#define COUNT_ARGS                                                                                 \
  tile_m, 1, a->tile_ptr, a->tile_col, b->tile_ptr, b->tile_col, occ, spgemm_b_rows_of(occ, a),    \
      park, counters, cand_ptr, NULL, NULL
    if (g == 8)
      count_kernel<false, 8><<<blocks, STRUCT_WARPS * 32, 0, fmt_stream()>>>(COUNT_ARGS);
    else if (g == 16)
      count_kernel<false, 16><<<blocks, STRUCT_WARPS * 32, 0, fmt_stream()>>>(COUNT_ARGS);
    else
      count_kernel<false, 32><<<blocks, STRUCT_WARPS * 32, 0, fmt_stream()>>>(COUNT_ARGS);
#undef COUNT_ARGS
  }
  AMG_CUDA_TRY(cudaGetLastError());
  if (!l.fused) {
    int64_t *counts = cand_ptr + 1;
    s = fmt_cub(
        [&](void *tmp, size_t &bytes) {
          return cub::DeviceScan::InclusiveSum(tmp, bytes, counts, counts, tile_m, fmt_stream());
        },
        "cub::DeviceScan::InclusiveSum(candidate tiles)");
    return s == AMG_OK ? fmt_copy(num_cand, FMT_HOST, cand_ptr + tile_m, FMT_DEVICE, sizeof *num_cand) : s;
  }
  AMG_CUDA_TRY(cudaStreamSynchronize(fmt_stream()));
  *num_cand = *(volatile int64_t *)host;
  return AMG_OK;
}

amg_status spgemm_structure_fill_device(const fmt_tile *a, const fmt_tile *b, const uint16_t *occ,
                                        spgemm_park park, int64_t *cand_ptr, const int64_t *scratch,
                                        int32_t *cand_col, int32_t *cand_row) {
  if (a->tile_m == 0)
    return AMG_OK;
  if (block_rows(a)) {
    launch_block_rows<true>(a, b, occ, park, NULL, cand_ptr, (int64_t *)scratch, NULL, cand_col, cand_row);
    AMG_CUDA_TRY(cudaGetLastError());
    return AMG_OK;
  }
  spgemm_scan_layout l = count_layout(a->tile_m);
  int g = group_lanes(a);
  unsigned blocks = fmt_blocks(a->tile_m, g, STRUCT_WARPS * 32);
#define FILL_ARGS                                                                                  \
  a->tile_m, l, a->tile_ptr, a->tile_col, b->tile_ptr, b->tile_col, occ, spgemm_b_rows_of(occ, a), \
      park, cand_ptr, scratch, cand_col, cand_row
  if (g == 8)
    fill_kernel<8><<<blocks, STRUCT_WARPS * 32, 0, fmt_stream()>>>(FILL_ARGS);
  else if (g == 16)
    fill_kernel<16><<<blocks, STRUCT_WARPS * 32, 0, fmt_stream()>>>(FILL_ARGS);
  else
    fill_kernel<32><<<blocks, STRUCT_WARPS * 32, 0, fmt_stream()>>>(FILL_ARGS);
#undef FILL_ARGS
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

FMT_DEVICE_MODULE(occupancy_kernel);
