/* Step 3 on the GPU by C tile rows (CPU reference: tile_numeric.c).
 *
 * The pair kernel (tile_numeric.cu) finds each C tile's pairs (A_ik, B_kj)
 * by searching A's tile row against B's tile column, and most searches miss
 * when tiles are sparse. Here SPLIT half-warps take a whole C tile row i and
 * enumerate its pairs instead: for A's tiles (i, k) in increasing k, for B's
 * tiles (k, j) of tile row k within the columns of C's row (in a symmetric
 * product two binary searches bound them, skipping the lower tiles),
 * it finds j among C's tiles of row i (a short binary search) and adds
 * a * B_kj(c, :) into that C tile. Every pair visited contributes.
 *
 * The accumulator is one shared-memory slot per stored entry of the C row
 * (slot = the entry's offset from the row's first entry), so a row fits when
 * it holds at most SPGEMM_ROW_SLOTS entries; other rows are left to the pair
 * kernel (by a list, tile_leftover.cu). Three instances take rows of up to
 * SPGEMM_SHORT_ROW_SLOTS (256), ROW_MID_SLOTS (400) and SPGEMM_ROW_SLOTS
 * (464) entries: the fewer slots per half-warp, the more blocks the GPU
 * holds. Lane r owns row r of every tile of the row: no atomics.
 *
 * SPLIT = 1 (C has many tile rows): a half-warp per row. Where C's rows
 * average at most SPGEMM_SHORT_ROW_SLOTS entries, the larger instances take
 * their rows from lists (launch_listed). Each entry sums its terms in
 * increasing k, then in A's stored order, the order of the pair kernel with
 * one half-warp per tile. SPLIT > 1 (few, long rows: a single
 * half-warp per row left most of the GPU idle, run 24): half-warp p of the
 * row takes the p-th of SPLIT equal slices of A's tile row into its own
 * partial row, and the partial rows are added in order p = 0, 1, ... at the
 * end. Either way the order is fixed, so the result is bitwise
 * reproducible. B's tiles go in batches of ROW_BATCH: lane r stages row r
 * of each (mask and row start) in shared memory, and lane g < ROW_BATCH
 * looks up the C tile of B tile g. With windows (spgemm_row_windows), lane
 * r first looks up the C tile of tile r of a window of 16, dead pairs
 * skipped (spgemm_pair_live), and the batches take the live ones. A dead
 * pair adds nothing, so the sums and their order are the same either way. */
#include <type_traits>

#include "spgemm_device.cuh"
#include "tile_accumulate.cuh"
#include "tile_match.cuh"
#include "tile_twins.cuh"

#define ROW_THREADS 128
#define ROW_HALF_WARPS (ROW_THREADS / 16)
#define ROW_BATCH 4
/* Blocks per multiprocessor the compiler must allow (registers) for the
 * instance of SPGEMM_SHORT_ROW_SLOTS slots: 10 (48 registers, a few spilled)
 * made step 3 up to 16% faster than 8 (60 registers, run 79); 12 was slower
 * (run 80). The larger instances' shared memory allows 8 blocks
 * (ROW_MID_SLOTS) and 7 (SPGEMM_ROW_SLOTS); see ROW_BLOCKS. */
#define ROW_MIN_BLOCKS 10
/* The middle instance's slots: the 3D 7-point and 2D 9-point A^2 have C
 * tile rows of up to 400 entries. With 464 slots their row kernel held 7
 * blocks per multiprocessor; with 400, 8 (run 209: 3D 7-point A^2
 * 1.366-1.376 ms against 1.433-1.449, 2D 9-point 1.184-1.218 against
 * 1.246-1.272). */
#define ROW_MID_SLOTS 400

/* A symmetric product's C tile row i, tiles c_lo (its first on or above the
 * diagonal) .. c_hi - 1, written into their twins (tile_twins.cuh) from the
 * row's final values in acc (the row's entries from base). Lane g looks up
 * 16 tiles' twins and their first entries at a time, and each tile's rows
 * (its own and its twin's) are loaded while the one before is copied. */
static __device__ __forceinline__ void mirror_row(int32_t i, int32_t c_lo, int32_t c_hi, int64_t base, int r,
                                                  const int32_t *c_tile_col, const int64_t *c_tile_nnz,
                                                  const uint16_t *c_mask, const uint8_t *c_row_ptr,
                                                  const int32_t *c_twin, const double *acc, double *c_val,
                                                  uint32_t *staged) {
  unsigned members = fmt_half_warp_mask();
  bool diag_first = c_tile_col[c_lo] == i;
  int32_t tw = c_twin[c_lo];
  unsigned m = c_mask[FMT_TILE * c_lo + r], start = c_row_ptr[FMT_TILE * c_lo + r];
  unsigned column = c_mask[FMT_TILE * tw + r], twin_start = c_row_ptr[FMT_TILE * tw + r];
  for (int32_t t0 = c_lo; t0 < c_hi; t0 += 16) {
    int64_t to = 0, from = 0;
    int32_t twin_g = 0; /* lane g: tile t0 + g + 1's twin */
    if (t0 + r < c_hi) {
      to = c_tile_nnz[c_twin[t0 + r]];
      from = c_tile_nnz[t0 + r] - base;
    }
    if (t0 + r + 1 < c_hi)
      twin_g = c_twin[t0 + r + 1];
    for (int g = 0; g < 16 && t0 + g < c_hi; g++) {
      int32_t t = t0 + g, next_twin = __shfl_sync(members, twin_g, g, 16);
      unsigned next_m = 0, next_start = 0, next_column = 0, next_twin_start = 0;
      if (t + 1 < c_hi) {
        next_m = c_mask[FMT_TILE * (t + 1) + r];
        next_start = c_row_ptr[FMT_TILE * (t + 1) + r];
        next_column = c_mask[FMT_TILE * next_twin + r];
        next_twin_start = c_row_ptr[FMT_TILE * next_twin + r];
      }
      spgemm_mirror_tile(m, start, column, twin_start, t == c_lo && diag_first,
                         acc + __shfl_sync(members, from, g, 16), c_val + __shfl_sync(members, to, g, 16), r,
                         staged);
      m = next_m;
      start = next_start;
      column = next_column;
      twin_start = next_twin_start;
    }
  }
}

/* Batch slot g of B tile tb, whose product goes to C tile q of the row
 * (-1: none): lane r's row of it (C's mask cm, its first slot cs from the
 * row's first entry base), B's first entry kb0, and B's row r staged. */
static __device__ __forceinline__ void stage_pair(int32_t q, int64_t tb, int r, int64_t base,
                                                  const int64_t *c_tile_nnz, const uint16_t *c_mask,
                                                  const uint8_t *c_row_ptr, const int64_t *b_tile_nnz,
                                                  const uint16_t *b_mask, const uint8_t *b_row_ptr, unsigned *cm,
                                                  int32_t *cs, int64_t *kb0, uint32_t *staged_g) {
  *cm = 0;
  *cs = 0;
  *kb0 = 0;
  if (q >= 0) {
    *cm = c_mask[FMT_TILE * q + r];
    *cs = (int32_t)(c_tile_nnz[q] - base) + c_row_ptr[FMT_TILE * q + r];
    *kb0 = b_tile_nnz[tb];
    staged_g[r] = spgemm_stage_b_row(b_mask, b_row_ptr, tb, r);
  }
}

/* The batch's pair products, A's row r (am, from ka) into lane r's slots. */
static __device__ __forceinline__ void add_batch(unsigned am, int64_t ka, uint32_t (*staged)[16],
                                                 const unsigned *cm, const int32_t *cs, const int64_t *kb0, int r,
                                                 const double *a_val, const double *b_val, double *acc,
                                                 unsigned members) {
  __syncwarp(members);
#pragma unroll
  for (int g = 0; g < ROW_BATCH; g++)
    if (cm[g]) /* else staged[g] was not written */
      spgemm_add_pair(am, ka, staged[g], kb0[g], r, cm[g], a_val, b_val, acc + cs[g]);
  __syncwarp(members); /* the staged rows are read */
}

/* The row kernels' operands: C (structure known, values written), step 1's
 * occupancy (a_cols, b_rows; read only with windows), A and B. */
struct rows_args {
  int32_t tile_m;
  const int64_t *c_tile_ptr;
  const int32_t *c_tile_col;
  const int64_t *c_tile_nnz;
  const uint16_t *c_mask;
  const uint8_t *c_row_ptr;
  double *c_val;
  const int32_t *c_twin;
  const uint16_t *a_cols, *b_rows;
  const int64_t *a_tile_ptr;
  const int32_t *a_tile_col;
  const int64_t *a_tile_nnz;
  const uint16_t *a_mask;
  const uint8_t *a_row_ptr;
  const double *a_val;
  const int64_t *b_tile_ptr;
  const int32_t *b_tile_col;
  const int64_t *b_tile_nnz;
  const uint16_t *b_mask;
  const uint8_t *b_row_ptr;
  const double *b_val;
};

/* C tile row i as a row kernel takes it: tiles c_lo .. c_hi - 1 (in a
 * symmetric product, from its first on or above the diagonal), their
 * entries base .. base + len - 1, and row_len, the whole row's entries
 * (which decide the instance). */
struct row_span {
  int32_t c_lo, c_hi;
  int64_t base, len, row_len;
};

template <bool SYM>
static __device__ __forceinline__ row_span row_span_of(int32_t i, const rows_args &p) {
  row_span sp;
  sp.c_lo = (int32_t)p.c_tile_ptr[i];
  sp.c_hi = (int32_t)p.c_tile_ptr[i + 1];
  if (SYM) {
    sp.row_len = p.c_tile_nnz[sp.c_hi] - p.c_tile_nnz[sp.c_lo];
    if (sp.c_lo < sp.c_hi)
      sp.c_lo = (int32_t)fmt_lower_bound(p.c_tile_col, sp.c_lo, sp.c_hi, i);
  }
  sp.base = p.c_tile_nnz[sp.c_lo];
  sp.len = p.c_tile_nnz[sp.c_hi] - sp.base;
  if (!SYM)
    sp.row_len = sp.len;
  return sp;
}

/* Whether the instance for rows of more than min_len and at most slots
 * entries takes the row: by its whole length, and only with something to
 * compute (len > 0). Other rows are another instance's, or the pair
 * kernel's (chosen by the whole row, as tile_leftover.cu does). */
static __device__ __forceinline__ bool row_taken(const row_span &sp, int min_len, int slots) {
  return sp.row_len > min_len && sp.row_len <= slots && sp.len > 0;
}

/* The listed instances' lists (SPLIT = 1, LISTED_INSTANCES of them): 0 for
 * the 400-slot instance's rows, 1 for the 464-slot one's, -1 for others. */
#define LISTED_INSTANCES 2
static __device__ __forceinline__ int listed_instance(const row_span &sp) {
  return row_taken(sp, SPGEMM_SHORT_ROW_SLOTS, ROW_MID_SLOTS) ? 0
         : row_taken(sp, ROW_MID_SLOTS, SPGEMM_ROW_SLOTS)    ? 1
                                                             : -1;
}

/* Row i's sums, or (SPLIT > 1) part `part` of them, into lane r's slots of
 * acc (the row's entries from sp.base), staging B's rows in staged. */
template <int SPLIT, bool WINDOWS>
static __device__ __forceinline__ void accumulate_row(int32_t i, const row_span &sp, int part, int r, double *acc,
                                                      uint32_t (*staged)[16], const rows_args &p) {
  unsigned members = fmt_half_warp_mask();
  for (int64_t q = r; q < sp.len; q += 16)
    acc[q] = 0.0;
  __syncwarp(members);
  int32_t c_lo = sp.c_lo, c_hi = sp.c_hi;
  int64_t base = sp.base;
  int32_t j_first = p.c_tile_col[c_lo], j_last = p.c_tile_col[c_hi - 1];
  int64_t a_lo = p.a_tile_ptr[i], a_len = p.a_tile_ptr[i + 1] - a_lo;
  for (int64_t ta = a_lo + a_len * part / SPLIT; ta < a_lo + a_len * (part + 1) / SPLIT; ta++) {
    int32_t k = p.a_tile_col[ta];
    unsigned am = p.a_mask[FMT_TILE * ta + r];
    int64_t ka0 = p.a_tile_nnz[ta] + p.a_row_ptr[FMT_TILE * ta + r];
    /* B's tiles of row k in C's columns: lane 0 finds the first, lane 1 the end, each by a
     * search only where the row's end tile lies outside them (a symmetric product). */
    int64_t row_lo = p.b_tile_ptr[k], row_hi = p.b_tile_ptr[k + 1], bound = r == 0 ? row_lo : row_hi;
    if (r < 2 && row_lo < row_hi) {
      int32_t key = r == 0 ? j_first : j_last + 1, edge = p.b_tile_col[r == 0 ? row_lo : row_hi - 1];
      if (r == 0 ? edge < key : edge >= key)
        bound = fmt_lower_bound(p.b_tile_col, row_lo, row_hi, key);
    }
    int64_t b_lo = __shfl_sync(members, bound, 0, 16), b_hi = __shfl_sync(members, bound, 1, 16);
    if (WINDOWS) {
      unsigned a_used = p.a_cols[ta];
      for (int64_t w0 = b_lo; w0 < b_hi; w0 += 16) {
        /* Lane r: the C tile of B tile w0 + r (an empty product tile has none) */
        unsigned live;
        int32_t found = spgemm_window_find(w0, b_hi, a_used, p.b_rows, p.b_tile_col, p.c_tile_col, c_lo, c_hi,
                                           members, &live);
        while (live) {
          unsigned cm[ROW_BATCH];
          int32_t cs[ROW_BATCH];
          int64_t kb0[ROW_BATCH];
#pragma unroll
          for (int g = 0; g < ROW_BATCH; g++) {
            int q = spgemm_window_next(&live);
            int32_t t = __shfl_sync(members, found, q & 15, 16);
            stage_pair(q >= 0 ? t : -1, w0 + q, r, base, p.c_tile_nnz, p.c_mask, p.c_row_ptr, p.b_tile_nnz,
                       p.b_mask, p.b_row_ptr, &cm[g], &cs[g], &kb0[g], staged[g]);
          }
          add_batch(am, ka0, staged, cm, cs, kb0, r, p.a_val, p.b_val, acc, members);
        }
      }
    } else {
      for (int64_t tb0 = b_lo; tb0 < b_hi; tb0 += ROW_BATCH) {
        /* Lane g < ROW_BATCH: C tile of B tile tb0 + g, as an offset into the row. */
        int64_t mine = tb0 + r;
        int32_t found = -1;
        if (r < ROW_BATCH && mine < b_hi)
          found = spgemm_find(p.c_tile_col, c_lo, c_hi, p.b_tile_col[mine]);
        unsigned cm[ROW_BATCH];
        int32_t cs[ROW_BATCH];
        int64_t kb0[ROW_BATCH];
#pragma unroll
        for (int g = 0; g < ROW_BATCH; g++) /* -1 past b_hi, or where the product tile is empty */
          stage_pair(__shfl_sync(members, found, g, 16), tb0 + g, r, base, p.c_tile_nnz, p.c_mask, p.c_row_ptr,
                     p.b_tile_nnz, p.b_mask, p.b_row_ptr, &cm[g], &cs[g], &kb0[g], staged[g]);
        add_batch(am, ka0, staged, cm, cs, kb0, r, p.a_val, p.b_val, acc, members);
      }
    }
  }
}

/* Blocks per multiprocessor an instance of SLOTS slots must allow
 * (registers); its shared memory allows 10, 8 and 7. The bound of 8 is for
 * the 400-slot windows instance: at 68 registers, one block fewer, it took
 * 934 against 784 us on the 3D 7-point A^2 (run 214). The plain one got
 * 60 registers under it (66 in ffe900b), and the 2D 9-point A^2, which
 * takes that one, was 6% slower in run 217. Unbounded, it took 1.190-1.224
 * against 1.284-1.336 ms (runs 218 and 221). */
#define ROW_BLOCKS(SLOTS, WINDOWS)                                                                 \
  ((SLOTS) <= SPGEMM_SHORT_ROW_SLOTS ? ROW_MIN_BLOCKS : (SLOTS) <= ROW_MID_SLOTS && (WINDOWS) ? 8 : 1)

/* The C tile rows of more than MIN_LEN and at most SLOTS entries, a
 * half-warp each (SPLIT = 1). Not LISTED: half-warp hw of block b takes
 * row 8 b + hw if it is of that size. LISTED: it takes entry 8 b + hw of
 * list, *count of them (list_fill_kernel). Over all tile rows, most
 * blocks of a larger instance found no row of its size: the 3D 27-point
 * A*P's 400-slot instance took 283.2 us at 21.3% of the warps it could
 * hold (run 211), and 198.8 us on its list (run 216). The smallest
 * instance takes most rows, so it reads them directly. SYM: a symmetric product's
 * rows from the diagonal on, each tile also written into its twin
 * c_twin[t] (instances of their own, so that the others keep their
 * registers). WINDOWS: B's tile rows in windows, with step 1's
 * occupancy; else in plain batches. */
template <int SLOTS, int MIN_LEN, bool LISTED, bool SYM, bool WINDOWS>
static __global__ void __launch_bounds__(ROW_THREADS, ROW_BLOCKS(SLOTS, WINDOWS))
    rows_kernel(rows_args p, const int32_t *list, const int64_t *count) {
  __shared__ double acc_all[ROW_HALF_WARPS][SLOTS];
  __shared__ uint32_t staged_all[ROW_HALF_WARPS][ROW_BATCH][16];
  int hw = threadIdx.x >> 4, r = threadIdx.x & 15;
  int64_t u = (int64_t)blockIdx.x * ROW_HALF_WARPS + hw;
  if (u >= (LISTED ? *count : (int64_t)p.tile_m))
    return;
  int32_t i = LISTED ? list[u] : (int32_t)u;
  row_span sp = row_span_of<SYM>(i, p);
  if (!LISTED && !row_taken(sp, MIN_LEN, SLOTS))
    return;
  accumulate_row<1, WINDOWS>(i, sp, 0, r, acc_all[hw], staged_all[hw], p);
  for (int64_t q = r; q < sp.len; q += 16)
    p.c_val[sp.base + q] = acc_all[hw][q];
  if (SYM)
    mirror_row(i, sp.c_lo, sp.c_hi, sp.base, r, p.c_tile_col, p.c_tile_nnz, p.c_mask, p.c_row_ptr, p.c_twin,
               acc_all[hw], p.c_val, staged_all[hw][0]);
}

/* The larger instances' lists, in increasing row order: the rows of a
 * list in flight at once then lie close together and share B's tiles in
 * cache, as under the plain mapping (lists filled by one atomic per warp,
 * in no fixed order, made the 3D 7-point A^2 7% slower, run 215). Block b
 * of LIST_THREADS takes rows LIST_THREADS b on. The count kernel leaves
 * each block's counts of the two lists' rows in scratch and, in its last
 * block (last_block_scan.cuh), turns them into block prefixes (scratch
 * holds 2 * gridDim.x entries) and writes the lists' lengths to *total
 * (tiles: the first list's, nnz: the second's). The fill kernel, on the
 * same grid, writes each row into its list. */
#define LIST_THREADS 256
static __device__ unsigned rows_ticket; /* last_block_scan.cuh */

template <bool SYM>
static __global__ void __launch_bounds__(LIST_THREADS)
    list_count_kernel(rows_args p, fmt_tile_count *scratch, fmt_tile_count *total) {
  __shared__ fmt_tile_count block_total;
  int32_t i = (int32_t)((int64_t)blockIdx.x * LIST_THREADS + threadIdx.x);
  int k = i < p.tile_m ? listed_instance(row_span_of<SYM>(i, p)) : -1;
  int first = __syncthreads_count(k == 0), second = __syncthreads_count(k == 1);
  if (threadIdx.x == 0)
    block_total = fmt_tile_count{first, second};
  spgemm_scan_units<LIST_THREADS>(1, &block_total, scratch, total, &rows_ticket, fmt_tile_count{0, 0},
                                  fmt_tile_count_sum{});
}

template <bool SYM>
static __global__ void __launch_bounds__(LIST_THREADS)
    list_fill_kernel(rows_args p, const fmt_tile_count *scratch, int32_t *lists) {
  __shared__ int warp_count[2][LIST_THREADS / 32];
  int32_t i = (int32_t)((int64_t)blockIdx.x * LIST_THREADS + threadIdx.x);
  int k = i < p.tile_m ? listed_instance(row_span_of<SYM>(i, p)) : -1;
  int lane = (int)(threadIdx.x & 31), warp = (int)(threadIdx.x >> 5);
  unsigned in[2];
  for (int c = 0; c < 2; c++) {
    in[c] = __ballot_sync(0xFFFFFFFFu, k == c);
    if (lane == 0)
      warp_count[c][warp] = __popc(in[c]);
  }
  __syncthreads();
  if (k < 0)
    return;
  fmt_tile_count before = scratch[gridDim.x + blockIdx.x]; /* the block's prefix */
  int64_t at = (k == 0 ? before.tiles : before.nnz) + __popc(in[k] & ((1u << lane) - 1));
  for (int w = 0; w < warp; w++)
    at += warp_count[k][w];
  lists[(int64_t)k * p.tile_m + at] = i;
}

/* The C tile rows with more than MIN_LEN and at most SLOTS entries, SPLIT > 1
 * half-warps each (few, long rows): block b takes rows b * (ROW_HALF_WARPS /
 * SPLIT) on, and half-warp p of a row sums the p-th slice of A's tile row
 * into its own partial row; the block then adds them in order p = 0, 1, ...
 * SYM and WINDOWS as in rows_kernel; the 8-block bound of the windows
 * 400-slot instance (ROW_BLOCKS) is not applied here. */
template <int SLOTS, int MIN_LEN, int SPLIT, bool SYM, bool WINDOWS>
static __global__ void
__launch_bounds__(ROW_THREADS, ROW_BLOCKS(SLOTS, false)) split_rows_kernel(rows_args p) {
  static_assert(SPLIT > 1, "a half-warp per row: rows_kernel");
  __shared__ double acc_all[ROW_HALF_WARPS][SLOTS];
  __shared__ uint32_t staged_all[ROW_HALF_WARPS][ROW_BATCH][16];
  int hw = threadIdx.x >> 4, r = threadIdx.x & 15, part = hw % SPLIT;
  int32_t i = (int32_t)((int64_t)blockIdx.x * (ROW_HALF_WARPS / SPLIT) + hw / SPLIT);
  row_span sp = {0, 0, 0, 0, 0};
  if (i < p.tile_m)
    sp = row_span_of<SYM>(i, p);
  bool active = row_taken(sp, MIN_LEN, SLOTS); /* past tile_m: sp is empty */
  if (active)
    accumulate_row<SPLIT, WINDOWS>(i, sp, part, r, acc_all[hw], staged_all[hw], p);
  __syncthreads();
  if (!SYM && !active)
    return;
  if (active) {
    const double(*partial)[SLOTS] = acc_all + (hw - part); /* the row's SPLIT partial rows */
    for (int64_t q = 16 * part + r; q < sp.len; q += 16 * SPLIT) {
      double v = partial[0][q];
      for (int k = 1; k < SPLIT; k++)
        v += partial[k][q];
      p.c_val[sp.base + q] = v;
    }
  }
  if (!SYM)
    return;
  __syncthreads(); /* the row's values are written, by all its half-warps */
  for (int32_t t = sp.c_lo + part; active && t < sp.c_hi; t += SPLIT) {
    int32_t tw = p.c_twin[t];
    spgemm_mirror_tile(p.c_mask[FMT_TILE * t + r], p.c_row_ptr[FMT_TILE * t + r], p.c_mask[FMT_TILE * tw + r],
                       p.c_row_ptr[FMT_TILE * tw + r], p.c_tile_col[t] == i, p.c_val + p.c_tile_nnz[t],
                       p.c_val + p.c_tile_nnz[tw], r, staged_all[hw][0]);
  }
}

/* SPLIT = 1: the smallest instance on the side stream, over all rows; on
 * the library stream the larger instances, with `listed` (the rule is in
 * spgemm_numeric_rows_device) after their rows are sorted into their
 * lists. Each grid covers every tile row; listed blocks past their list's
 * end return at once. */
template <bool SYM, bool WINDOWS>
static amg_status launch_listed(const rows_args &p, bool listed) {
  unsigned list_blocks = fmt_blocks(p.tile_m, 1, LIST_THREADS);
  fmt_tile_count *work = NULL; /* the lists' lengths, the count kernel's scratch, then the lists */
  size_t work_bytes = (1 + 2 * (size_t)list_blocks) * sizeof *work;
  amg_status s =
      listed ? fmt_device_alloc((void **)&work, work_bytes + 2 * (size_t)p.tile_m * sizeof(int32_t)) : AMG_OK;
  if (s != AMG_OK)
    return s;
  fmt_tile_count *total = work, *scratch = listed ? work + 1 : NULL;
  int32_t *lists = listed ? (int32_t *)(scratch + 2 * (size_t)list_blocks) : NULL;
  cudaStream_t side = NULL;
  cudaError_t e = cudaSuccess;
  if ((s = fmt_fork(&side)) == AMG_OK) {
    unsigned blocks = (unsigned)(((int64_t)p.tile_m + ROW_HALF_WARPS - 1) / ROW_HALF_WARPS);
    rows_kernel<SPGEMM_SHORT_ROW_SLOTS, 0, false, SYM, WINDOWS><<<blocks, ROW_THREADS, 0, side>>>(p, NULL, NULL);
    e = cudaGetLastError();
    if (e == cudaSuccess && listed) {
      list_count_kernel<SYM><<<list_blocks, LIST_THREADS, 0, fmt_stream()>>>(p, scratch, total);
      e = cudaGetLastError();
      if (e == cudaSuccess) {
        list_fill_kernel<SYM><<<list_blocks, LIST_THREADS, 0, fmt_stream()>>>(p, scratch, lists);
        e = cudaGetLastError();
      }
    }
    auto larger = [&](auto listed_t) { /* the 400- and 464-slot instances, listed or not */
      constexpr bool L = decltype(listed_t)::value;
      rows_kernel<ROW_MID_SLOTS, SPGEMM_SHORT_ROW_SLOTS, L, SYM, WINDOWS>
          <<<blocks, ROW_THREADS, 0, fmt_stream()>>>(p, lists, L ? &total->tiles : NULL);
      cudaError_t f = cudaGetLastError();
      if (f != cudaSuccess)
        return f;
      rows_kernel<SPGEMM_ROW_SLOTS, ROW_MID_SLOTS, L, SYM, WINDOWS>
          <<<blocks, ROW_THREADS, 0, fmt_stream()>>>(p, L ? lists + p.tile_m : NULL, L ? &total->nnz : NULL);
      return cudaGetLastError();
    };
    if (e == cudaSuccess)
      e = listed ? larger(std::true_type{}) : larger(std::false_type{});
    s = fmt_join(); /* also on error: C may be freed next, on the library stream */
  }
  fmt_device_free(work);
  if (e != cudaSuccess)
    return amg_cuda_status(e, "rows_kernel launch", __FILE__, __LINE__);
  return s;
}

/* SPLIT > 1: the three instances over all rows, each block taking its
 * rows of its size, the smallest on the side stream (they write different
 * rows). One after the other, the instance with few rows of its size still
 * took their whole latency: 91 us for the 3D 7-point A^2's smaller
 * instance, 12 us for the 2D 5-point's larger (run 121). */
template <int SPLIT, bool SYM, bool WINDOWS>
static amg_status launch_split(const rows_args &p) {
  cudaStream_t side;
  amg_status s = fmt_fork(&side);
  if (s != AMG_OK)
    return s;
  unsigned blocks = (unsigned)(((int64_t)p.tile_m + ROW_HALF_WARPS / SPLIT - 1) / (ROW_HALF_WARPS / SPLIT));
  split_rows_kernel<SPGEMM_SHORT_ROW_SLOTS, 0, SPLIT, SYM, WINDOWS><<<blocks, ROW_THREADS, 0, side>>>(p);
  cudaError_t e = cudaGetLastError();
  split_rows_kernel<ROW_MID_SLOTS, SPGEMM_SHORT_ROW_SLOTS, SPLIT, SYM, WINDOWS>
      <<<blocks, ROW_THREADS, 0, fmt_stream()>>>(p);
  if (e == cudaSuccess)
    e = cudaGetLastError();
  split_rows_kernel<SPGEMM_ROW_SLOTS, ROW_MID_SLOTS, SPLIT, SYM, WINDOWS><<<blocks, ROW_THREADS, 0, fmt_stream()>>>(p);
  if (e == cudaSuccess)
    e = cudaGetLastError();
  s = fmt_join(); /* also on error: C may be freed next, on the library stream */
  return e != cudaSuccess ? amg_cuda_status(e, "rows_kernel launch", __FILE__, __LINE__) : s;
}

template <int SPLIT>
static amg_status launch_rows(const rows_args &p, bool listed) {
  bool sym = p.c_twin != NULL, windows = p.a_cols != NULL;
  auto launch = [&](auto sym_t, auto windows_t) {
    constexpr bool S = decltype(sym_t)::value, W = decltype(windows_t)::value;
    if constexpr (SPLIT == 1)
      return launch_listed<S, W>(p, listed);
    else
      return launch_split<SPLIT, S, W>(p);
  };
  if (sym && windows)
    return launch(std::true_type{}, std::true_type{});
  if (sym)
    return launch(std::true_type{}, std::false_type{});
  if (windows)
    return launch(std::false_type{}, std::true_type{});
  return launch(std::false_type{}, std::false_type{});
}

amg_status spgemm_numeric_rows_device(const fmt_tile *a, const fmt_tile *b, const uint16_t *occ, fmt_tile *c,
                                      const int32_t *c_twin, int split) {
  if (c->tile_m == 0 || c->num_tiles == 0)
    return AMG_OK;
  if (split == 0) { /* enough half-warps to fill the GPU's slots, up to a block per row */
    int64_t slots = fmt_half_warp_slots();
    split = 1;
    while (split < ROW_HALF_WARPS && split * (int64_t)c->tile_m < slots)
      split *= 2;
  }
  rows_args p = {c->tile_m,   c->tile_ptr,  c->tile_col,  c->tile_nnz, c->mask,      c->row_ptr,
                 c->val,      c_twin,       occ,          spgemm_b_rows_of(occ, a),  a->tile_ptr,
                 a->tile_col, a->tile_nnz,  a->mask,      a->row_ptr,  a->val,       b->tile_ptr,
                 b->tile_col, b->tile_nnz,  b->mask,      b->row_ptr,  b->val};
  /* The larger instances take listed rows (SPLIT = 1) where C's rows average
   * at most SPGEMM_SHORT_ROW_SLOTS entries: there the longer rows are few,
   * and most blocks over all rows found none (3D 27-point A*P, 10% of its
   * rows). Where most rows are long (the 3D 7-point and 2D 9-point A^2),
   * every block finds rows of its size, and the list kernels only lengthen
   * the path (run 216: 2D 9-point A^2 1.296-1.311 ms against 1.196-1.267). */
  bool listed = c->nnz <= (int64_t)SPGEMM_SHORT_ROW_SLOTS * c->tile_m;
  switch (split) {
  case 1:
    return launch_rows<1>(p, listed);
  case 2:
    return launch_rows<2>(p, listed);
  case 4:
    return launch_rows<4>(p, listed);
  case ROW_HALF_WARPS:
    return launch_rows<ROW_HALF_WARPS>(p, listed);
  default:
    return amg_error(AMG_ERR_ARG, "spgemm: row_split %d; use 0, 1, 2, 4 or %d", split, ROW_HALF_WARPS);
  }
}

FMT_DEVICE_MODULE(list_count_kernel<false>);
