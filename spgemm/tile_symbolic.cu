/* Step 2 on the GPU (CPU reference: tile_symbolic.c).
 *
 * One or more half-warps per candidate tile (tile_match.cuh), lane r of each
 * half = row r: for every matched pair (A_ik, B_kj), mask_C[r] |= mask_B[c] for each
 * set bit c of mask_A[r]. Only masks are read; each lane owns its row, so no
 * atomics. A scan over (tile kept?, tile nnz) sizes C: for few candidates
 * the same kernel does it (last_block_scan.cuh) and the host reads the
 * totals from the mailbox after its sync; for many, the candidate scan
 * (tile_candidate_scan.cu) follows and leaves them there too. Then a
 * compaction writes C's tile arrays,
 * masks, row_ptr and idx for the non-empty tiles only (C never stores an
 * empty tile), and their values when the one-pass kernel (tile_one_pass.cu)
 * took this step's place. Exact candidates (step 1 with the occupancy) are
 * all non-empty, so without one pass there is nothing to compact: C takes
 * the candidate arrays over, a CUB scan writes its tile_nnz (fmt_copy
 * reads the totals back), and a lighter kernel writes row_ptr and idx. When
 * the row kernel
 * (tile_symbolic_rows.cu) is used (spgemm.h), it runs first and takes the
 * tile rows with at most SPGEMM_SYMBOLIC_ROW_CANDS candidates; this kernel
 * then takes the other rows' candidates, walking a list of them on large
 * products (tile_leftover.cu), and the scan follows both. */
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <type_traits>

#include "last_block_scan.cuh"
#include "spgemm_device.cuh"
#include "tile_match.cuh"
#include "tile_mirror.cuh"

#define SYM_THREADS 256
#define SYM_HALF_WARPS (SYM_THREADS / 16)
#define SYM_BATCH 8 /* pairs per half-warp whose masks are loaded together */
/* Candidates a looping unit takes per grab (spgemm_grab_unit): they are
 * cheap, and one atomic per candidate on a single counter made 2D 5-point
 * P^T*A's kernel 10% slower than a unit per candidate (run 133). */
#define SYM_GRAB 4

static __device__ unsigned symbolic_ticket; /* last_block_scan.cuh */

/* The OR of B's row masks that C's candidate tile u gets from this half's
 * share of its pairs (see tile_match.cuh), for lane r = row r. For a batch
 * of matched pairs, lane r loads mask_A[r] of each pair and stages mask_B[r]
 * in shared memory (all loads independent), then ORs mask_B[c] over the set
 * bits c of its mask_A[r]. */
template <int LANES, bool BY_ROWS>
static __device__ unsigned candidate_mask(int64_t u, int group, int sh, int r, const int32_t *cand_row,
                                          const int32_t *cand_col, const int64_t *a_tile_ptr,
                                          const int32_t *a_tile_col, const uint16_t *a_mask,
                                          spgemm_b_lookup bl, const uint16_t *b_mask,
                                          uint16_t (*staged)[16]) {
  unsigned members = spgemm_members<LANES>(), acc = 0;
  spgemm_lists l = spgemm_make_lists<BY_ROWS>(a_tile_ptr, a_tile_col, bl, cand_row[u], cand_col[u]);
  int32_t from, to;
  spgemm_warp_part(l, LANES == 32 ? sh / 2 : 0, LANES == 32 ? group / 2 : 1, &from, &to);
  for (int32_t at = from; at < to; at += LANES) {
    int32_t pa, pb;
    unsigned hits = spgemm_chunk_pairs<LANES, BY_ROWS>(l, at, to, &pa, &pb);
    while (hits) {
      int src[SYM_BATCH];
      unsigned am[SYM_BATCH];
      spgemm_take_batch<SYM_BATCH, LANES>(&hits, src);
#pragma unroll
      for (int g = 0; g < SYM_BATCH; g++) {
        int from = src[g] < 0 ? 0 : src[g];
        int32_t qa = __shfl_sync(members, pa, from, LANES), qb = __shfl_sync(members, pb, from, LANES);
        am[g] = 0;
        if (src[g] >= 0) {
          am[g] = a_mask[FMT_TILE * qa + r];
          staged[g][r] = b_mask[FMT_TILE * qb + r];
        }
      }
      __syncwarp(members);
#pragma unroll
      for (int g = 0; g < SYM_BATCH; g++)
        for (unsigned bits = am[g]; bits; bits &= bits - 1)
          acc |= staged[g][__ffs(bits) - 1];
      __syncwarp(members);
    }
  }
  return acc;
}

/* ORs the partial masks of a group of half-warps (hw .. hw + group - 1)
 * into its first; every thread of the block calls it, or with group <= 2
 * every thread of the warp (a group of 2 is one warp). */
static __device__ __forceinline__ unsigned group_or(unsigned acc, int group, int hw, int sh, int r,
                                                    unsigned (*partial)[16]) {
  if (group == 2) {
    partial[hw][r] = acc;
    __syncwarp();
    if (sh == 0)
      acc |= partial[hw + 1][r];
    __syncwarp(); /* before the next candidate's partial masks */
  } else if (group > 2) {
    partial[hw][r] = acc;
    __syncthreads();
    if (sh == 0)
      for (int k = 1; k < group; k++)
        acc |= partial[hw + k][r];
    __syncthreads();
  }
  return acc;
}

/* Candidate u, by its group of half-warps: the masks of its pairs (when
 * active, and with upper on or above the diagonal: tile_twins.cu), ORed
 * into the group's first half-warp, which stores them. Called as group_or
 * is; returns the nnz on the first half-warp of an active group, else 0.
 * SYM_CANDIDATE_ARGS names the kernels' own. */
template <int LANES, bool BY_ROWS>
static __device__ __forceinline__ int symbolic_candidate(bool active, int64_t u, bool upper, int group, int hw,
                                                         int sh, int r,
                                                         const int32_t *cand_row, const int32_t *cand_col,
                                                         const int64_t *a_tile_ptr, const int32_t *a_tile_col,
                                                         const uint16_t *a_mask, spgemm_b_lookup bl,
                                                         const uint16_t *b_mask, uint16_t *cand_mask,
                                                         int32_t *cand_nnz, uint16_t (*staged)[16],
                                                         unsigned (*partial)[16]) {
  unsigned acc = 0;
  if (active && upper && cand_col[u] < cand_row[u])
    active = false;
  if (active)
    acc = candidate_mask<LANES, BY_ROWS>(u, group, sh, r, cand_row, cand_col, a_tile_ptr, a_tile_col, a_mask,
                                         bl, b_mask, staged);
  acc = group_or(acc, group, hw, sh, r, partial);
  return active && sh == 0 ? spgemm_store_candidate(u, r, acc, cand_mask, cand_nnz) : 0;
}
#define SYM_CANDIDATE_ARGS                                                                         \
  upper, group, hw, sh, r, cand_row, cand_col, a_tile_ptr, a_tile_col, a_mask, bl, b_mask, cand_mask, cand_nnz, \
      staged_all[hw], partial

/* Whether candidate u is the pair kernel's: with row_cands > 0, the row
 * kernel took the tile rows of at most row_cands candidates. */
static __device__ __forceinline__ bool left_to_pairs(int64_t u, int row_cands, const int32_t *cand_row,
                                                     const int64_t *cand_ptr) {
  if (row_cands <= 0)
    return true;
  int32_t i = cand_row[u];
  return cand_ptr[i + 1] - cand_ptr[i] > row_cands;
}

/* A unit of S = group half-warps per candidate tile, SYM_HALF_WARPS / S
 * units per block; unit g takes candidates [g * len, (g + 1) * len)
 * (last_block_scan.cuh). Per candidate: the unit's partial masks ORed, C's
 * masks and nnz, and, FUSED, its (kept, nnz) prefix within the unit; then
 * the units' and blocks' prefixes and the totals. Not FUSED, len is 1 and
 * the kernel keeps the registers (32) of a plain one; with work (S <= 2,
 * a grid of one wave), the units take candidates SYM_GRAB at a time from
 * the counter work[1] (spgemm_grab_unit). With row_cands > 0 (never
 * FUSED) it skips the candidates of tile rows with at most row_cands
 * candidates (the row kernel's). With upper (never FUSED), it skips the
 * lower candidates (tile_twins.cu). */
template <int LANES, bool FUSED, bool BY_ROWS>
static __global__ void __launch_bounds__(SYM_THREADS)
    symbolic_kernel(int64_t num_cand, int group, int64_t len, int row_cands, bool upper, unsigned long long *work,
                    const int64_t *cand_ptr,
                    const int32_t *cand_row, const int32_t *cand_col,
                    const int64_t *a_tile_ptr, const int32_t *a_tile_col, const uint16_t *a_mask,
                    spgemm_b_lookup bl,
                    const uint16_t *b_mask, uint16_t *cand_mask, int32_t *cand_nnz,
                    fmt_tile_count *local_prefix, fmt_tile_count *scratch, fmt_tile_count *total) {
  __shared__ uint16_t staged_all[SYM_HALF_WARPS][SYM_BATCH][16];
  __shared__ unsigned partial[SYM_HALF_WARPS][16];
  __shared__ fmt_tile_count unit_total[SYM_HALF_WARPS];
  int hw = threadIdx.x >> 4, r = threadIdx.x & 15, sh = hw & (group - 1), units = SYM_HALF_WARPS / group;
  if (!FUSED && work) {
    for (int64_t u0 = spgemm_grab_unit(work + 1, group, SYM_GRAB); u0 < num_cand;
         u0 = spgemm_grab_unit(work + 1, group, SYM_GRAB)) {
      for (int64_t u = u0; u < u0 + SYM_GRAB && u < num_cand; u++)
        (void)symbolic_candidate<LANES, BY_ROWS>(left_to_pairs(u, row_cands, cand_row, cand_ptr), u,
                                                 SYM_CANDIDATE_ARGS);
    }
    return;
  }
  int64_t first = ((int64_t)blockIdx.x * units + hw / group) * len;
  fmt_tile_count run = {0, 0};
  for (int64_t u = first; u < first + (FUSED ? len : 1); u++) { /* the same trip count on every thread */
    bool active = u < num_cand && (FUSED || left_to_pairs(u, row_cands, cand_row, cand_ptr));
    int nnz = symbolic_candidate<LANES, BY_ROWS>(active, u, SYM_CANDIDATE_ARGS);
    if (active && sh == 0) { /* whole half-warps */
      if (FUSED && r == 0)
        local_prefix[u] = run;
      run = fmt_tile_count_sum{}(run, fmt_tile_count{nnz > 0 ? 1 : 0, nnz});
    }
  }
  if (!FUSED)
    return;
  if (sh == 0 && r == 0)
    unit_total[hw / group] = run;
  spgemm_scan_units<SYM_THREADS>(units, unit_total, scratch, total, &symbolic_ticket, fmt_tile_count{0, 0},
                                 fmt_tile_count_sum{});
}

/* The same for the candidates in left[0 .. work[0]) (the rows the row
 * kernel left): with group <= 2, SYM_GRAB at a time per unit
 * (spgemm_grab_unit), else SYM_HALF_WARPS / group at a time per block. */
template <int LANES, bool BY_ROWS>
static __global__ void __launch_bounds__(SYM_THREADS)
    symbolic_left_kernel(const int64_t *left, unsigned long long *work, int group, bool upper,
                         const int32_t *cand_row, const int32_t *cand_col, const int64_t *a_tile_ptr,
                         const int32_t *a_tile_col, const uint16_t *a_mask, spgemm_b_lookup bl,
                         const uint16_t *b_mask, uint16_t *cand_mask, int32_t *cand_nnz) {
  __shared__ uint16_t staged_all[SYM_HALF_WARPS][SYM_BATCH][16];
  __shared__ unsigned partial[SYM_HALF_WARPS][16];
  __shared__ int64_t grabbed;
  int hw = threadIdx.x >> 4, r = threadIdx.x & 15, sh = hw & (group - 1), units = SYM_HALF_WARPS / group;
  int64_t n = (int64_t)work[0];
  if (n == 0)
    return; /* no row left over: no unit takes from the counter */
  if (group <= 2) {
    for (int64_t w0 = spgemm_grab_unit(work + 1, group, SYM_GRAB); w0 < n;
         w0 = spgemm_grab_unit(work + 1, group, SYM_GRAB)) {
      for (int64_t w = w0; w < w0 + SYM_GRAB && w < n; w++)
        (void)symbolic_candidate<LANES, BY_ROWS>(true, left[w], SYM_CANDIDATE_ARGS);
    }
    return;
  }
  for (int64_t w = spgemm_grab(work + 1, units, &grabbed); w < n; w = spgemm_grab(work + 1, units, &grabbed)) {
    bool active = w + hw / group < n;
    (void)symbolic_candidate<LANES, BY_ROWS>(active, active ? left[w + hw / group] : 0, SYM_CANDIDATE_ARGS);
  }
}
#undef SYM_CANDIDATE_ARGS

/* (kept tiles, entries) before candidate q < num_cand, from the three
 * levels of the scan (local, then the units' and blocks' in scratch). */
static __device__ __forceinline__ fmt_tile_count candidate_prefix(int64_t q, spgemm_scan_layout l,
                                                                  const fmt_tile_count *local,
                                                                  const fmt_tile_count *scratch) {
  return spgemm_scan_prefix(q, l, local, scratch, fmt_tile_count_sum{});
}

#define COMPACT_THREADS 256
#define COMPACT_HALF_WARPS (COMPACT_THREADS / 16)
/* Candidates per block: a thread each looks up its place, then each
 * half-warp writes CANDS / COMPACT_HALF_WARPS of them, their masks loaded
 * together. COMPACT_CANDS, or COMPACT_FEW_CANDS where that leaves fewer
 * than two blocks per multiprocessor (run 247: the 14,676 candidates of
 * 3D 7-point level-1 P^T*A in 115 blocks took 12.3 us at 11.8% of the warps
 * active). */
#define COMPACT_CANDS 128
#define COMPACT_FEW_CANDS 32

/* Block b takes candidates [b * CANDS, (b + 1) * CANDS). A
 * kept one, u, goes to C's tile prefix(u).tiles with entries from
 * prefix(u).nnz, with its values when the one-pass kernel left them in
 * cand_val (else NULL; `slots` per candidate, none for a tile of more).
 * A thread per candidate writes its tile column, first entry and tile
 * row; then half-warps write the masks, row_ptr and
 * idx, lane r row r. (A half-warp per candidate, its loads one after
 * another, took 242 us for the 1.7M candidates of 3D 7-point A^2, run
 * 131.) Threads g <= tile_m also set tile_ptr[g], and thread 0 closes
 * tile_nnz. SYM (a symmetric product, tile_twins.cu; instances of their
 * own, so that the others keep their registers): each
 * upper C tile's twin goes to c_twin, and with cand_val, the values of a
 * lower candidate (whose masks the twins' step set) are gathered from its
 * twin's and those of a diagonal one mirrored, by tile_mirror.h's rules
 * LOWER and DIAG. */
template <bool SYM, int CANDS>
static __global__ void __launch_bounds__(COMPACT_THREADS)
    compact_kernel(int64_t num_cand, int32_t tile_m, const int64_t *cand_ptr, const int32_t *cand_col,
                   const int32_t *cand_row, const int32_t *twin, const uint16_t *cand_mask,
                   const int32_t *cand_nnz, const double *cand_val, int slots, spgemm_scan_layout l,
                   const fmt_tile_count *local, const fmt_tile_count *scratch, fmt_tile_count total,
                   int64_t *tile_ptr, int32_t *tile_col, int64_t *tile_nnz, uint16_t *mask, uint8_t *row_ptr,
                   uint8_t *idx, double *val, int32_t *c_row, int32_t *c_twin) {
  constexpr int per_half = CANDS / COMPACT_HALF_WARPS;
  __shared__ int64_t tile_of[CANDS], base_of[CANDS], src_of[CANDS];
  __shared__ int rule_of[CANDS];
  __shared__ uint16_t src_mask[COMPACT_HALF_WARPS][FMT_TILE];
  __shared__ uint8_t src_start[COMPACT_HALF_WARPS][FMT_TILE];
  int64_t g = (int64_t)blockIdx.x * COMPACT_THREADS + threadIdx.x, u0 = (int64_t)blockIdx.x * CANDS;
  if (g <= tile_m) {
    int64_t q = cand_ptr[g];
    tile_ptr[g] = q == num_cand ? total.tiles : candidate_prefix(q, l, local, scratch).tiles;
  }
  if (g == 0)
    tile_nnz[total.tiles] = total.nnz;
  if (threadIdx.x < CANDS) {
    int64_t u = u0 + threadIdx.x, t = -1, base = 0, src = u;
    int rule = FMT_MIRROR_UPPER;
    if (u < num_cand && cand_nnz[u] > 0) {
      fmt_tile_count at = candidate_prefix(u, l, local, scratch);
      t = at.tiles;
      base = at.nnz;
      int32_t i = cand_row[u], j = cand_col[u];
      tile_col[t] = j;
      tile_nnz[t] = base;
      c_row[t] = i;
      if (SYM && j < i) {
        rule = FMT_MIRROR_LOWER;
        src = twin[u];
      } else if (SYM) {
        rule = j == i ? FMT_MIRROR_DIAG : FMT_MIRROR_UPPER;
        c_twin[t] = (int32_t)(j == i ? t : candidate_prefix(twin[u], l, local, scratch).tiles);
      }
    }
    tile_of[threadIdx.x] = t;
    base_of[threadIdx.x] = base;
    if (SYM) {
      src_of[threadIdx.x] = src;
      rule_of[threadIdx.x] = rule;
    }
  }
  __syncthreads();
  int hw = threadIdx.x >> 4, r = threadIdx.x & 15;
  unsigned members = fmt_half_warp_mask();
  unsigned rows[per_half];
#pragma unroll
  for (int j = 0; j < per_half; j++) {
    int q = hw + COMPACT_HALF_WARPS * j;
    rows[j] = tile_of[q] >= 0 ? cand_mask[FMT_TILE * (u0 + q) + r] : 0;
  }
#pragma unroll
  for (int j = 0; j < per_half; j++) {
    int q = hw + COMPACT_HALF_WARPS * j;
    int64_t t = tile_of[q], base = base_of[q];
    if (t < 0)
      continue; /* the whole half-warp */
    int rule = SYM ? rule_of[q] : FMT_MIRROR_UPPER;
    unsigned bits = rows[j];
    mask[FMT_TILE * t + r] = (uint16_t)bits;
    int size, start = fmt_half_warp_exclusive_sum(__popc(bits), &size);
    spgemm_write_row_layout(t, base, r, bits, start, row_ptr, idx);
    if (!cand_val || size > slots)
      continue; /* no values, or too many for the slots: spgemm_numeric_overflow_device's */
    /* the tile's values, packed from its source's first slot */
    const double *from = cand_val + (int64_t)slots * (SYM ? src_of[q] : u0 + q);
    if (!SYM || rule == FMT_MIRROR_UPPER) {
      fmt_half_warp_copy_entries(from, NULL, val + base, NULL, size, r);
      continue;
    }
    int ignored;
    unsigned from_row = rule == FMT_MIRROR_LOWER ? cand_mask[FMT_TILE * src_of[q] + r] : bits;
    src_mask[hw][r] = (uint16_t)from_row;
    src_start[hw][r] = (uint8_t)fmt_half_warp_exclusive_sum(__popc(from_row), &ignored);
    __syncwarp(members);
    fmt_mirror_fill_entries(rule, r, bits, start, size, src_mask[hw], src_start[hw], 0, NULL, from, base, NULL,
                            val);
    __syncwarp(members); /* src_mask and src_start are read before the next tile's */
  }
}

/* Exact candidates (spgemm_candidates): C's tiles are the candidates, with
 * their masks, and the scan left each tile's packed (tiles, entries)
 * prefix in tile_nnz (fmt_pack_tile_count). Block b takes tiles
 * [b * FINISH_CANDS, (b + 1) * FINISH_CANDS), half-warp h of them the
 * tiles h, h + COMPACT_HALF_WARPS, ...: the prefix becomes the tile's first
 * entry, and row_ptr and idx are written as in the compaction. Thread 0
 * closes tile_nnz. FINISH_CANDS 64 (34 registers, 65% of the warps active)
 * against 128 (64 registers, 45%): 84.1 against 89.7 us on the 3D 7-point
 * A^2 (ncu, run 206); launch bounds of 6 or 8 blocks, or idx staged in
 * shared memory, were slower (108-114 us). */
#define FINISH_CANDS 64
#define FINISH_PER_HALF (FINISH_CANDS / COMPACT_HALF_WARPS)
static __global__ void __launch_bounds__(COMPACT_THREADS)
    finish_kernel(int64_t num_tiles, int64_t nnz, int64_t *tile_nnz, const uint16_t *mask, uint8_t *row_ptr,
                  uint8_t *idx) {
  int hw = threadIdx.x >> 4, r = threadIdx.x & 15;
  int64_t t0 = (int64_t)blockIdx.x * FINISH_CANDS + hw;
  unsigned rows[FINISH_PER_HALF];
  uint64_t packed[FINISH_PER_HALF];
#pragma unroll
  for (int j = 0; j < FINISH_PER_HALF; j++) {
    int64_t t = t0 + COMPACT_HALF_WARPS * j;
    rows[j] = t < num_tiles ? mask[FMT_TILE * t + r] : 0;
    packed[j] = t < num_tiles ? (uint64_t)tile_nnz[t] : 0;
  }
  __syncwarp(); /* every lane has read tile_nnz before lane 0 rewrites it */
  if (blockIdx.x == 0 && threadIdx.x == 0)
    tile_nnz[num_tiles] = nnz;
#pragma unroll
  for (int j = 0; j < FINISH_PER_HALF; j++) {
    int64_t t = t0 + COMPACT_HALF_WARPS * j, base = fmt_unpack_tile_count{}(packed[j]).nnz;
    if (r == 0 && t < num_tiles)
      tile_nnz[t] = base;
    /* the whole warp, past the last tile too: its shuffles need no member checks (5% faster, run 179) */
    int size, start = fmt_half_warp_exclusive_sum<true>(__popc(rows[j]), &size);
    if (t < num_tiles)
      spgemm_write_row_layout(t, base, r, rows[j], start, row_ptr, idx);
  }
}

/* The symbolic kernel's layout: SYM_HALF_WARPS / group units per block. */
template <int LANES, bool BY_ROWS>
static spgemm_scan_layout symbolic_layout(int64_t num_cand, int group) {
  static const int64_t wave = spgemm_one_wave(symbolic_kernel<LANES, true, BY_ROWS>, SYM_THREADS);
  return spgemm_scan_plan(num_cand, SYM_HALF_WARPS / group, wave);
}

struct count_of_candidate {
  const int32_t *nnz;
  __host__ __device__ fmt_tile_count operator()(int64_t u) const {
    return fmt_tile_count{nnz[u] > 0 ? 1 : 0, nnz[u]};
  }
};

amg_status spgemm_finish_layout_device(fmt_tile *c) {
  if (c->num_tiles == 0)
    return AMG_OK;
  finish_kernel<<<fmt_blocks(c->num_tiles, 1, FINISH_CANDS), COMPACT_THREADS, 0, fmt_stream()>>>(
      c->num_tiles, c->nnz, c->tile_nnz, c->mask, c->row_ptr, c->idx);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

amg_status spgemm_symbolic_device(const fmt_tile *a, spgemm_b_lookup bl, const fmt_tile *b,
                                  spgemm_candidates *cand, bool rows, bool list, bool one_pass, int slots,
                                  unsigned long long *counters, fmt_tile **out, int32_t **c_row_out,
                                  int32_t **c_twin_out, bool *layout_left) {
  *out = NULL;
  *layout_left = false;
  *c_row_out = NULL;
  *c_twin_out = NULL;
  if (one_pass && rows) /* the one-pass kernel takes every candidate */
    return amg_error(AMG_ERR_ARG, "spgemm: one pass cannot follow step 2's row kernel");
  const int64_t num_cand = cand->num, *cand_ptr = cand->ptr;
  const int32_t *cand_col = cand->col, *cand_row = cand->row, *twin = cand->twin;
  /* C's tiles are the candidates: no compaction, and the packed scan fits */
  bool in_place = cand->exact && !one_pass && num_cand <= FMT_PACKED_MAX_ITEMS;
  int64_t *tile_nnz = NULL; /* in_place: C's, from the scan */
  bool empty_exact = false;   /* in place, a candidate came out empty */
  uint16_t *cand_mask = NULL;
  int32_t *cand_nnz = NULL, *c_row = NULL, *c_twin = NULL;
  double *cand_val = NULL; /* one pass: `slots` values per candidate */
  char *work_arrays = NULL; /* cand_val, prefix and cand_nnz */
  int64_t *left = NULL;
  unsigned long long *work = NULL; /* the leftover list's counters */
  fmt_tile_count *prefix = NULL, total = {0, 0};
  fmt_tile *c = NULL, *bound = NULL; /* a compaction's C arrays of O(tiles), sized by the candidates */
  void *host = NULL, *device = NULL;
  volatile int *unsymmetric = NULL; /* a symmetric product's check, in the host mailbox */
  int group = 1;
  spgemm_scan_layout l = {false, SYM_HALF_WARPS, 1, 0};
  amg_status s = AMG_OK;
  if (num_cand > 0) {
    group = spgemm_half_warps_per_tile(spgemm_computed_tiles(num_cand, a->tile_m, twin != NULL),
                                       spgemm_mean_list(a, b),
                                       one_pass && !twin ? SPGEMM_ONE_PASS_WARP_LIST : SPGEMM_WARP_LIST,
                                       fmt_half_warp_slots());
    bool by_rows = !bl.tile;
    if (one_pass)
      l = spgemm_one_pass_layout(num_cand, group, by_rows);
    else if (by_rows)
      l = group == 1 ? symbolic_layout<16, true>(num_cand, group) : symbolic_layout<32, true>(num_cand, group);
    else
      l = group == 1 ? symbolic_layout<16, false>(num_cand, group) : symbolic_layout<32, false>(num_cand, group);
    /* two kernels share the candidates, or the lower ones take their twins' counts after the kernel
       (tile_twins.cu): the counts are scanned afterwards (in place by CUB, else tile_candidate_scan.cu) */
    if (rows || twin || in_place)
      l = spgemm_scan_unfused(num_cand, SYM_HALF_WARPS / group);
  }
  /* The candidates' prefixes within their units, then the units' and the
   * blocks' (last_block_scan.cuh), as the kernel scanned them (fused) or
   * the candidate scan will. In place: none (the scan writes C's
   * tile_nnz). */
  spgemm_scan_layout scan_l = l.fused ? l : spgemm_candidate_scan_layout(num_cand);
  int64_t prefixes = in_place ? 0 : num_cand + spgemm_scan_scratch(scan_l);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&cand_mask, (size_t)(FMT_TILE * num_cand) * sizeof *cand_mask),
               s, done);
  if (in_place)
    AMG_TRY_GOTO(fmt_device_alloc((void **)&tile_nnz, (size_t)(num_cand + 1) * sizeof *tile_nnz), s, done);
  { /* one allocation (in the order of their alignment) for the arrays freed here: each host call after
       step 1's sync keeps the GPU waiting (run 266) */
    size_t val_bytes = one_pass ? (size_t)num_cand * (size_t)slots * sizeof *cand_val : 0;
    size_t prefix_bytes = (size_t)prefixes * sizeof *prefix;
    size_t nnz_bytes = (size_t)num_cand * sizeof *cand_nnz;
    AMG_TRY_GOTO(fmt_device_alloc((void **)&work_arrays, val_bytes + prefix_bytes + nnz_bytes), s, done);
    if (work_arrays) {
      cand_val = one_pass ? (double *)work_arrays : NULL;
      prefix = prefixes ? (fmt_tile_count *)(work_arrays + val_bytes) : NULL;
      cand_nnz = (int32_t *)(work_arrays + val_bytes + prefix_bytes);
    }
  }
  /* the leftover list's grid (SPGEMM_LEFTOVER_WAVES) from the column-order instances */
  static const int64_t wave16 = spgemm_one_wave(symbolic_left_kernel<16, false>, SYM_THREADS);
  static const int64_t wave32 = spgemm_one_wave(symbolic_left_kernel<32, false>, SYM_THREADS);
  if (num_cand > 0 && rows)
    AMG_TRY_GOTO(
        spgemm_symbolic_rows_device(a, b, cand_ptr, cand_col, cand->occ, twin != NULL, cand_mask, cand_nnz), s,
        done);
  if (num_cand > 0 && rows && (list || spgemm_use_leftover(l.blocks, group == 1 ? wave16 : wave32))) {
    AMG_TRY_GOTO(spgemm_leftover_device(a->tile_m, num_cand, cand_ptr, NULL, SPGEMM_SYMBOLIC_ROW_CANDS,
                                        counters + SPGEMM_STEP2_LIST, &left, &work),
                 s, done);
    unsigned blocks = (unsigned)(SPGEMM_LEFTOVER_WAVES * (group == 1 ? wave16 : wave32));
#define LEFT_ARGS                                                                                  \
  left, work, group, twin != NULL, cand_row, cand_col, a->tile_ptr, a->tile_col, a->mask, bl, b->mask,   \
      cand_mask, cand_nnz
    if (group == 1 && bl.tile)
      symbolic_left_kernel<16, false><<<blocks, SYM_THREADS, 0, fmt_stream()>>>(LEFT_ARGS);
    else if (group == 1)
      symbolic_left_kernel<16, true><<<blocks, SYM_THREADS, 0, fmt_stream()>>>(LEFT_ARGS);
    else if (bl.tile)
      symbolic_left_kernel<32, false><<<blocks, SYM_THREADS, 0, fmt_stream()>>>(LEFT_ARGS);
    else
      symbolic_left_kernel<32, true><<<blocks, SYM_THREADS, 0, fmt_stream()>>>(LEFT_ARGS);
#undef LEFT_ARGS
    AMG_LAUNCH_GOTO(s, done);
  } else if (num_cand > 0 && one_pass) {
    AMG_TRY_GOTO(fmt_host_mailbox(&host, &device), s, done);
    AMG_TRY_GOTO(spgemm_one_pass_device(a, bl, b, num_cand, cand_row, cand_col, twin != NULL, group, l,
                                        cand_mask, cand_nnz, slots, cand_val, prefix, (fmt_tile_count *)device,
                                        counters + SPGEMM_STEP2_WORK),
                 s, done);
  } else if (num_cand > 0) {
    AMG_TRY_GOTO(fmt_host_mailbox(&host, &device), s, done);
    unsigned blocks = (unsigned)l.blocks;
    unsigned long long *unit_work = NULL; /* units of at most 2 half-warps on a wave: [1] is their counter */
    static const int64_t wave16 = spgemm_one_wave(symbolic_kernel<16, false, false>, SYM_THREADS);
    static const int64_t wave32 = spgemm_one_wave(symbolic_kernel<32, false, false>, SYM_THREADS);
    if (!l.fused && group <= 2 && l.blocks > (group == 1 ? wave16 : wave32)) {
      unit_work = counters + SPGEMM_STEP2_WORK; /* its [1], zero */
      blocks = (unsigned)(group == 1 ? wave16 : wave32);
    }
#define SYMBOLIC_ARGS                                                                              \
  num_cand, group, l.len, rows ? SPGEMM_SYMBOLIC_ROW_CANDS : 0, twin != NULL, unit_work, cand_ptr, cand_row, \
      cand_col, a->tile_ptr, a->tile_col, a->mask, bl, b->mask, cand_mask, cand_nnz, prefix,                  \
      prefix ? prefix + num_cand : NULL, (fmt_tile_count *)device
    auto launch = [&](auto by_rows) {
      constexpr bool R = decltype(by_rows)::value;
      if (group == 1 && l.fused)
        symbolic_kernel<16, true, R><<<blocks, SYM_THREADS, 0, fmt_stream()>>>(SYMBOLIC_ARGS);
      else if (group == 1)
        symbolic_kernel<16, false, R><<<blocks, SYM_THREADS, 0, fmt_stream()>>>(SYMBOLIC_ARGS);
      else if (l.fused)
        symbolic_kernel<32, true, R><<<blocks, SYM_THREADS, 0, fmt_stream()>>>(SYMBOLIC_ARGS);
      else
        symbolic_kernel<32, false, R><<<blocks, SYM_THREADS, 0, fmt_stream()>>>(SYMBOLIC_ARGS);
    };
    if (bl.tile)
      launch(std::false_type{});
    else
      launch(std::true_type{});
#undef SYMBOLIC_ARGS
    AMG_LAUNCH_GOTO(s, done);
  }
  if (twin) {
    AMG_TRY_GOTO(fmt_host_mailbox(&host, &device), s, done);
    unsymmetric = (volatile int *)host;
    *unsymmetric = 0; /* no kernel in flight uses the mailbox (none is fused; the candidate scan writes at [1]) */
    AMG_TRY_GOTO(
        spgemm_resolve_twins_device(num_cand, cand_row, cand_col, twin, cand_mask, cand_nnz, (int *)device), s,
        done);
  }
  /* A compaction's C: its arrays of O(tiles), sized by the candidates, are
   * allocated here, before the sync that gives C's size, so that only idx
   * and val are left to allocate while the GPU waits. */
  if (!in_place) {
    AMG_TRY_GOTO(fmt_tile_create(a->m, b->n, num_cand, 0, FMT_DEVICE, &bound), s, done); /* no idx, no val */
    AMG_TRY_GOTO(fmt_device_alloc((void **)&c_row, (size_t)num_cand * sizeof *c_row), s, done);
    if (twin)
      AMG_TRY_GOTO(fmt_device_alloc((void **)&c_twin, (size_t)num_cand * sizeof *c_twin), s, done);
  }
  if (in_place) { /* packed (fmt_scan_tile_flags) into tile_nnz, which finish_kernel unpacks */
    auto counts = thrust::make_transform_iterator(
        thrust::make_transform_iterator(thrust::counting_iterator<int64_t>(0), count_of_candidate{cand_nnz}),
        fmt_pack_tile_count{});
    uint64_t packed = 0;
    AMG_TRY_GOTO(fmt_scan_sizes(counts, (uint64_t *)tile_nnz + 1, fmt_uint64_sum{}, num_cand,
                                (uint64_t *)tile_nnz, &packed, "cub::DeviceScan::InclusiveScan(tile counts)"),
                 s, done);
    total = fmt_unpack_tile_count{}(packed);
  } else if (num_cand > 0) {
    /* the totals at [0] (fused) or [1]: [0] may hold the symmetric check's flag */
    AMG_TRY_GOTO(fmt_host_mailbox(&host, &device), s, done);
    int at = l.fused ? 0 : 1;
    if (!l.fused)
      AMG_TRY_GOTO(spgemm_candidate_scan_device(num_cand, cand_nnz, scan_l, prefix, (fmt_tile_count *)device + at),
                   s, done);
    AMG_CUDA_GOTO(cudaStreamSynchronize(fmt_stream()), s, done);
    const volatile fmt_tile_count *sizes = (const volatile fmt_tile_count *)host + at;
    total.tiles = sizes->tiles;
    total.nnz = sizes->nnz;
  }
  /* In place, an empty candidate is a lower one without a twin, or inconsistent masks. */
  empty_exact = in_place && total.tiles != num_cand;
  if ((unsymmetric && *unsymmetric) || (empty_exact && twin)) { /* read after the scan's sync */
    s = amg_error(AMG_ERR_ARG, "spgemm: the product was given as symmetric, but the pattern of A*B is not "
                               "symmetric (compute it as a general product)");
    goto done;
  }
  if (empty_exact) {
    s = amg_error(AMG_ERR_INVALID_MATRIX,
                  "spgemm: %lld of %lld exact candidate tiles came out empty (are A and B valid?)",
                  (long long)(num_cand - total.tiles), (long long)num_cand);
    goto done;
  }
  if (in_place) {
    fmt_tile given = {0};
    given.tile_ptr = cand->ptr;
    given.tile_col = cand->col;
    given.tile_nnz = tile_nnz;
    given.mask = cand_mask;
    cand->ptr = NULL;
    cand->col = NULL;
    tile_nnz = NULL;
    cand_mask = NULL;
    AMG_TRY_GOTO(fmt_tile_create_with(a->m, b->n, total.tiles, total.nnz, FMT_DEVICE, &given, &c), s, done);
    c_row = cand->row;
    c_twin = cand->twin;
    cand->row = cand->twin = NULL;
    *layout_left = num_cand > 0; /* step 3's (spgemm_finish_layout_device, or the pair kernel) */
    goto done;
  }
  AMG_TRY_GOTO(fmt_tile_create_with(a->m, b->n, total.tiles, total.nnz, FMT_DEVICE, bound, &c), s, done);
  {
    bool few = num_cand < 2 * COMPACT_CANDS * (int64_t)fmt_device_multiprocessors();
    unsigned blocks =
        fmt_blocks_and_pointers(num_cand, few ? COMPACT_FEW_CANDS : COMPACT_CANDS, COMPACT_THREADS, a->tile_m);
#define COMPACT_ARGS                                                                               \
  num_cand, a->tile_m, cand_ptr, cand_col, cand_row, twin, cand_mask, cand_nnz, cand_val, slots, scan_l, prefix, \
      prefix + num_cand, total, c->tile_ptr, c->tile_col, c->tile_nnz, c->mask, c->row_ptr, c->idx, c->val,  \
      c_row, c_twin
    auto launch = [&](auto cands) {
      constexpr int K = decltype(cands)::value;
      if (twin)
        compact_kernel<true, K><<<blocks, COMPACT_THREADS, 0, fmt_stream()>>>(COMPACT_ARGS);
      else
        compact_kernel<false, K><<<blocks, COMPACT_THREADS, 0, fmt_stream()>>>(COMPACT_ARGS);
    };
    if (few)
      launch(std::integral_constant<int, COMPACT_FEW_CANDS>{});
    else
      launch(std::integral_constant<int, COMPACT_CANDS>{});
#undef COMPACT_ARGS
    AMG_LAUNCH_GOTO(s, done);
  }
  if (one_pass && slots < FMT_TILE * FMT_TILE)
    AMG_TRY_GOTO(spgemm_numeric_overflow_device(a, bl, b, c, c_row, c_twin, slots), s, done);
done:
  fmt_tile_destroy(bound); /* its arrays, where C did not take them */
  fmt_device_free(tile_nnz);
  fmt_device_free(cand_mask);
  fmt_device_free(work_arrays); /* cand_nnz, cand_val and prefix */
  fmt_device_free(left);
  if (s == AMG_OK) {
    *out = c;
    *c_row_out = c_row;
    *c_twin_out = c_twin;
  } else {
    fmt_tile_destroy(c);
    fmt_device_free(c_row);
    fmt_device_free(c_twin);
  }
  return s;
}

FMT_DEVICE_MODULE(finish_kernel);
