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
 * SPLIT = 1 (C has many tile rows): a half-warp per row. Each entry sums its
 * terms in increasing k, then in A's stored order, the order of the pair
 * kernel with one half-warp per tile. SPLIT > 1 (few, long rows: a single
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
 * (run 80). The larger instances are held by their shared memory to 8
 * blocks (ROW_MID_SLOTS) and 7 (SPGEMM_ROW_SLOTS). */
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
      spgemm_add_pair(am, ka, staged[g], kb0[g], false, r, cm[g], a_val, b_val, acc + cs[g]);
  __syncwarp(members); /* the staged rows are read */
}

/* The C tile rows with more than MIN_LEN and at most SLOTS entries, SPLIT
 * half-warps each. SYM (a symmetric product, tile_twins.cu): their tiles
 * from the diagonal on, each also written into its twin c_twin[t]
 * (instances of their own, so that the others keep their registers).
 * WINDOWS: B's tile rows in windows, with the tiles' occupancy a_cols and
 * b_rows (step 1's); else in plain batches, and those are not read. */
template <int SLOTS, int MIN_LEN, int SPLIT, bool SYM, bool WINDOWS>
static __global__ void
__launch_bounds__(ROW_THREADS, SLOTS <= SPGEMM_SHORT_ROW_SLOTS ? ROW_MIN_BLOCKS : 1)
    rows_kernel(int32_t tile_m, const int64_t *c_tile_ptr, const int32_t *c_tile_col,
                const int64_t *c_tile_nnz, const uint16_t *c_mask, const uint8_t *c_row_ptr, double *c_val,
                const int32_t *c_twin, const uint16_t *a_cols, const uint16_t *b_rows,
                const int64_t *a_tile_ptr, const int32_t *a_tile_col, const int64_t *a_tile_nnz,
                const uint16_t *a_mask, const uint8_t *a_row_ptr, const double *a_val,
                const int64_t *b_tile_ptr, const int32_t *b_tile_col, const int64_t *b_tile_nnz,
                const uint16_t *b_mask, const uint8_t *b_row_ptr, const double *b_val) {
  __shared__ double acc_all[ROW_HALF_WARPS][SLOTS];
  __shared__ uint32_t staged_all[ROW_HALF_WARPS][ROW_BATCH][16];
  int hw = threadIdx.x >> 4, r = threadIdx.x & 15, part = hw % SPLIT;
  int32_t i = (int32_t)((int64_t)blockIdx.x * (ROW_HALF_WARPS / SPLIT) + hw / SPLIT);
  int32_t c_lo = 0, c_hi = 0;
  int64_t base = 0, len = 0, row_len = 0;
  if (i < tile_m) {
    c_lo = (int32_t)c_tile_ptr[i];
    c_hi = (int32_t)c_tile_ptr[i + 1];
    if (SYM) {
      row_len = c_tile_nnz[c_hi] - c_tile_nnz[c_lo];
      if (c_lo < c_hi)
        c_lo = (int32_t)fmt_lower_bound(c_tile_col, c_lo, c_hi, i);
    }
    base = c_tile_nnz[c_lo];
    len = c_tile_nnz[c_hi] - base;
    if (!SYM)
      row_len = len;
  }
  /* else nothing to do, or another kernel's (chosen by the whole row, as tile_leftover.cu does) */
  bool active = row_len > MIN_LEN && row_len <= SLOTS && len > 0;
  if (SPLIT == 1 && !active)
    return; /* whole half-warp; with SPLIT > 1 all reach the barriers below */
  if (active) {
    unsigned members = fmt_half_warp_mask();
    double *acc = acc_all[hw];
    uint32_t(*staged)[16] = staged_all[hw];
    for (int64_t q = r; q < len; q += 16)
      acc[q] = 0.0;
    __syncwarp(members);
    int32_t j_first = c_tile_col[c_lo], j_last = c_tile_col[c_hi - 1];
    int64_t a_lo = a_tile_ptr[i], a_len = a_tile_ptr[i + 1] - a_lo;
    for (int64_t ta = a_lo + a_len * part / SPLIT; ta < a_lo + a_len * (part + 1) / SPLIT; ta++) {
      int32_t k = a_tile_col[ta];
      unsigned am = a_mask[FMT_TILE * ta + r];
      int64_t ka0 = a_tile_nnz[ta] + a_row_ptr[FMT_TILE * ta + r];
      /* B's tiles of row k in C's columns: lane 0 finds the first, lane 1 the end, each by a
       * search only where the row's end tile lies outside them (a symmetric product). */
      int64_t row_lo = b_tile_ptr[k], row_hi = b_tile_ptr[k + 1], bound = r == 0 ? row_lo : row_hi;
      if (r < 2 && row_lo < row_hi) {
        int32_t key = r == 0 ? j_first : j_last + 1, edge = b_tile_col[r == 0 ? row_lo : row_hi - 1];
        if (r == 0 ? edge < key : edge >= key)
          bound = fmt_lower_bound(b_tile_col, row_lo, row_hi, key);
      }
      int64_t b_lo = __shfl_sync(members, bound, 0, 16), b_hi = __shfl_sync(members, bound, 1, 16);
      if (WINDOWS) {
        unsigned a_used = a_cols[ta];
        for (int64_t w0 = b_lo; w0 < b_hi; w0 += 16) {
          /* Lane r: the C tile of B tile w0 + r (an empty product tile has none) */
          unsigned live;
          int32_t found = spgemm_window_find(w0, b_hi, a_used, b_rows, b_tile_col, c_tile_col, c_lo, c_hi,
                                             members, &live);
          while (live) {
            unsigned cm[ROW_BATCH];
            int32_t cs[ROW_BATCH];
            int64_t kb0[ROW_BATCH];
#pragma unroll
            for (int g = 0; g < ROW_BATCH; g++) {
              int p = spgemm_window_next(&live);
              int32_t q = __shfl_sync(members, found, p & 15, 16);
              stage_pair(p >= 0 ? q : -1, w0 + p, r, base, c_tile_nnz, c_mask, c_row_ptr, b_tile_nnz, b_mask,
                         b_row_ptr, &cm[g], &cs[g], &kb0[g], staged[g]);
            }
            add_batch(am, ka0, staged, cm, cs, kb0, r, a_val, b_val, acc, members);
          }
        }
      } else {
        for (int64_t tb0 = b_lo; tb0 < b_hi; tb0 += ROW_BATCH) {
          /* Lane g < ROW_BATCH: C tile of B tile tb0 + g, as an offset into the row. */
          int64_t mine = tb0 + r;
          int32_t found = -1;
          if (r < ROW_BATCH && mine < b_hi)
            found = spgemm_find(c_tile_col, c_lo, c_hi, b_tile_col[mine]);
          unsigned cm[ROW_BATCH];
          int32_t cs[ROW_BATCH];
          int64_t kb0[ROW_BATCH];
#pragma unroll
          for (int g = 0; g < ROW_BATCH; g++) /* -1 past b_hi, or where the product tile is empty */
            stage_pair(__shfl_sync(members, found, g, 16), tb0 + g, r, base, c_tile_nnz, c_mask, c_row_ptr,
                       b_tile_nnz, b_mask, b_row_ptr, &cm[g], &cs[g], &kb0[g], staged[g]);
          add_batch(am, ka0, staged, cm, cs, kb0, r, a_val, b_val, acc, members);
        }
      }
    }
  }
  if (SPLIT == 1) {
    for (int64_t q = r; q < len; q += 16)
      c_val[base + q] = acc_all[hw][q];
    if (SYM)
      mirror_row(i, c_lo, c_hi, base, r, c_tile_col, c_tile_nnz, c_mask, c_row_ptr, c_twin, acc_all[hw], c_val,
                 staged_all[hw][0]);
    return;
  }
  __syncthreads();
  if (!SYM && !active)
    return;
  if (active) {
    const double(*partial)[SLOTS] = acc_all + (hw - part); /* the row's SPLIT partial rows */
    for (int64_t q = 16 * part + r; q < len; q += 16 * SPLIT) {
      double v = partial[0][q];
      for (int p = 1; p < SPLIT; p++)
        v += partial[p][q];
      c_val[base + q] = v;
    }
  }
  if (!SYM)
    return;
  __syncthreads(); /* the row's values are written, by all its half-warps */
  for (int32_t t = c_lo + part; active && t < c_hi; t += SPLIT) {
    int32_t tw = c_twin[t];
    spgemm_mirror_tile(c_mask[FMT_TILE * t + r], c_row_ptr[FMT_TILE * t + r], c_mask[FMT_TILE * tw + r],
                       c_row_ptr[FMT_TILE * tw + r], c_tile_col[t] == i, c_val + c_tile_nnz[t],
                       c_val + c_tile_nnz[tw], r, staged_all[hw][0]);
  }
}

/* The three instances (rows of 1..SPGEMM_SHORT_ROW_SLOTS, ..ROW_MID_SLOTS
 * and ..SPGEMM_ROW_SLOTS entries) with SPLIT half-warps per row: the
 * smallest on the side stream, beside the other two (they write different
 * rows). One after the other, the instance with few rows of its size still
 * took their whole latency: 91 us for the 3D 7-point A^2's smaller
 * instance, 12 us for the 2D 5-point's larger (run 121). */
template <int SPLIT>
static amg_status launch_rows(const fmt_tile *a, const fmt_tile *b, const uint16_t *occ, fmt_tile *c,
                              const int32_t *c_twin) {
  cudaStream_t side;
  amg_status s = fmt_fork(&side);
  if (s != AMG_OK)
    return s;
  unsigned blocks = (unsigned)(((int64_t)c->tile_m + ROW_HALF_WARPS / SPLIT - 1) / (ROW_HALF_WARPS / SPLIT));
  auto launch = [&](auto sym, auto windows) {
    constexpr bool S = decltype(sym)::value, W = decltype(windows)::value;
#define ROWS_ARGS                                                                                  \
  c->tile_m, c->tile_ptr, c->tile_col, c->tile_nnz, c->mask, c->row_ptr, c->val, c_twin, occ,          \
      spgemm_b_rows_of(occ, a), a->tile_ptr, a->tile_col, a->tile_nnz, a->mask, a->row_ptr, a->val,       \
      b->tile_ptr, b->tile_col, b->tile_nnz, b->mask, b->row_ptr, b->val
    rows_kernel<SPGEMM_SHORT_ROW_SLOTS, 0, SPLIT, S, W><<<blocks, ROW_THREADS, 0, side>>>(ROWS_ARGS);
    cudaError_t e = cudaGetLastError();
    rows_kernel<ROW_MID_SLOTS, SPGEMM_SHORT_ROW_SLOTS, SPLIT, S, W>
        <<<blocks, ROW_THREADS, 0, fmt_stream()>>>(ROWS_ARGS);
    if (e == cudaSuccess)
      e = cudaGetLastError();
    rows_kernel<SPGEMM_ROW_SLOTS, ROW_MID_SLOTS, SPLIT, S, W><<<blocks, ROW_THREADS, 0, fmt_stream()>>>(ROWS_ARGS);
#undef ROWS_ARGS
    return e != cudaSuccess ? e : cudaGetLastError();
  };
  cudaError_t e;
  if (c_twin && occ)
    e = launch(std::true_type{}, std::true_type{});
  else if (c_twin)
    e = launch(std::true_type{}, std::false_type{});
  else if (occ)
    e = launch(std::false_type{}, std::true_type{});
  else
    e = launch(std::false_type{}, std::false_type{});
  s = fmt_join(); /* also on error: C may be freed next, on the library stream */
  return e != cudaSuccess ? amg_cuda_status(e, "rows_kernel launch", __FILE__, __LINE__) : s;
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
  switch (split) {
  case 1:
    return launch_rows<1>(a, b, occ, c, c_twin);
  case 2:
    return launch_rows<2>(a, b, occ, c, c_twin);
  case 4:
    return launch_rows<4>(a, b, occ, c, c_twin);
  case ROW_HALF_WARPS:
    return launch_rows<ROW_HALF_WARPS>(a, b, occ, c, c_twin);
  default:
    return amg_error(AMG_ERR_ARG, "spgemm: row_split %d; use 0, 1, 2, 4 or %d", split, ROW_HALF_WARPS);
  }
}
