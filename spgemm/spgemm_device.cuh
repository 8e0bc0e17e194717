/* The GPU tiled SpGEMM's steps, shared by spgemm/'s CUDA sources. */
#ifndef SPGEMM_DEVICE_CUH
#define SPGEMM_DEVICE_CUH

#include <math.h>

#include <cub/device/device_scan.cuh>

#include "device_util.cuh"
#include "last_block_scan.cuh"
#include "spgemm.h"
#include "tile_match.cuh"

/* Where step 1's count pass leaves each tile row's candidate columns for
 * the fill pass (device, spgemm_park_entries(a) int32 in all): row i's
 * from col[SPGEMM_PARK_PER_TILE * a->tile_ptr[i]], all of them when they
 * are no more than SPGEMM_PARK_PER_TILE per tile of A's row i (else the
 * fill pass finds them again), and their number, count[i]. Its offsets
 * need no scan, so the count pass writes it before the host knows the
 * candidates' number. SPGEMM_PARK_PER_TILE: spgemm.h. */
struct spgemm_park {
  int32_t *col, *count;
};
int64_t spgemm_park_entries(const fmt_tile *a);
spgemm_park spgemm_park_in(const fmt_tile *a, int32_t *entries);
/* Step 1, count pass; *num_cand (host) is the number of candidates, park
 * gets the rows' columns, and counters (SPGEMM_COUNTERS) are zeroed. Few
 * rows (last_block_scan.cuh): cand_ptr (tile_m + 1, device) gets each
 * row's prefix within its counting unit and scratch
 * (spgemm_structure_scratch(tile_m) entries, device) the units' and
 * blocks' prefixes; one host sync, no copy. Many rows: cand_ptr is
 * complete after a CUB scan, scratch is unused (0 entries); one copy. */
int64_t spgemm_structure_scratch(int32_t tile_m);
amg_status spgemm_structure_device(const fmt_tile *a, const fmt_tile *b, const uint16_t *occ, spgemm_park park,
                                   unsigned long long *counters, int64_t *cand_ptr, int64_t *scratch,
                                   int64_t *num_cand);
/* Step 1, fill pass: writes the sorted candidate columns (from the park,
 * where they fit) and their tile rows, and completes cand_ptr where the
 * count pass left prefixes. */
amg_status spgemm_structure_fill_device(const fmt_tile *a, const fmt_tile *b, const uint16_t *occ,
                                        spgemm_park park, int64_t *cand_ptr, const int64_t *scratch,
                                        int32_t *cand_col, int32_t *cand_row);
/* Step 1's occupancy (tile_structure.cu): *occ (allocated here) gets, for
 * A's tiles, the columns each uses (the OR of its row masks), then, for B's
 * tiles, the rows each uses. With it, both passes emit exact candidates
 * (spgemm.h); with occ NULL, every candidate of the tile layouts. */
amg_status spgemm_occupancy_device(const fmt_tile *a, const fmt_tile *b, uint16_t **occ);
/* B's part of occ (A's tiles first), or NULL. */
static inline const uint16_t *spgemm_b_rows_of(const uint16_t *occ, const fmt_tile *a) {
  return occ ? occ + a->num_tiles : NULL;
}
/* Whether the pair (A_ik, B_kj) can add to C: A_ik uses a column that is
 * one of B_kj's rows (a_used = its columns used, b_rows[tb] = B_kj's rows
 * used). A dead pair adds nothing, so skipping it leaves every sum and its
 * order as they were. On the model's level 0 dead pairs are 7.8-31% of
 * A^2's pairs and 9-16% of A*P's (notes item 50). */
static __device__ __forceinline__ bool spgemm_pair_live(unsigned a_used, const uint16_t *b_rows, int64_t tb) {
  return (a_used & b_rows[tb]) != 0;
}
/* The row kernels' window of B's tiles w0 .. w0 + 15 (of B's tile row up
 * to b_hi), A's tile using columns a_used: lane r of the half-warp
 * (members) returns where B tile w0 + r's column stands in list[lo, hi)
 * (the row's C tiles or candidates), or -1 (past b_hi, a dead pair, or
 * not there), and *live gets the window's bits of the tiles found. */
static __device__ __forceinline__ int32_t spgemm_window_find(int64_t w0, int64_t b_hi, unsigned a_used,
                                                             const uint16_t *b_rows, const int32_t *b_tile_col,
                                                             const int32_t *list, int32_t lo, int32_t hi,
                                                             unsigned members, unsigned *live) {
  int r = threadIdx.x & 15;
  int32_t found = -1;
  if (w0 + r < b_hi && spgemm_pair_live(a_used, b_rows, w0 + r))
    found = spgemm_find(list, lo, hi, b_tile_col[w0 + r]);
  *live = (__ballot_sync(members, found >= 0) >> (threadIdx.x & 16)) & 0xFFFFu;
  return found;
}
/* The next of a window's live tiles (its offset in the window, taken out
 * of *live), or -1 once all are taken. */
static __device__ __forceinline__ int spgemm_window_next(unsigned *live) {
  int p = __ffs(*live) - 1;
  *live &= *live - 1;
  return p;
}
/* Whether the row kernels of steps 2 and 3 walk B's tile rows in windows
 * of 16 tiles, each lane looking up one tile's C tile, dead pairs
 * skipped, and the live ones batched (tile_numeric_rows.cu), rather than
 * in plain batches. It needs step 1's occupancy (exact candidates).
 * windows (spgemm.h's row_windows): 1 always then, -1 never, 0 (AUTO) where
 * B's tile rows average at least SPGEMM_WINDOW_MIN_TILES tiles and A's or
 * B's tiles at most SPGEMM_WINDOW_MAX_NNZ entries: long rows of sparse
 * tiles, where many pairs are dead and skipping them saves whole batches.
 * Run 199 (H100, level 0): the model's 3D 7-point A^2 (B's rows 10.9
 * tiles of 10.2 entries, 31% of its pairs dead) 1.544 -> 1.441 ms, the SA
 * hierarchy's A*P on 3D (P's rows 8.4-11.7 tiles) 7-12% faster; but the
 * model's A*P (P's rows 3.2 tiles) 5-17% slower and its 2D A^2 (5.0 and
 * 9.0 tiles of 16 entries) up to 10% slower. */
#define SPGEMM_WINDOW_MIN_TILES 8.0
#define SPGEMM_WINDOW_MAX_NNZ 12.0
static inline bool spgemm_row_windows(int windows, const uint16_t *occ, const fmt_tile *a, const fmt_tile *b) {
  if (!occ || windows != 0)
    return occ && windows > 0;
  double b_row = b->tile_m ? (double)b->num_tiles / b->tile_m : 0;
  double a_fill = a->num_tiles ? (double)a->nnz / a->num_tiles : 0;
  double b_fill = b->num_tiles ? (double)b->nnz / b->num_tiles : 0;
  return b_row >= SPGEMM_WINDOW_MIN_TILES && (a_fill <= SPGEMM_WINDOW_MAX_NNZ || b_fill <= SPGEMM_WINDOW_MAX_NNZ);
}

/* Whether step 2 starts with its row kernel: under AUTO, when C has a tile
 * row per half-warp slot (spgemm.h). */
static inline bool spgemm_symbolic_by_rows(spgemm_kernels kernels, int32_t tile_m) {
  return kernels == SPGEMM_KERNELS_ROWS ||
         (kernels == SPGEMM_KERNELS_AUTO && tile_m >= fmt_half_warp_slots());
}

/* Whether step 1 emits exact candidates (spgemm.h's layout_candidates:
 * 1 never, -1 always). AUTO: where step 2 starts with its row kernel, and
 * under AUTO kernels where B has at least SPGEMM_EXACT_MIN_B_TILES tiles
 * and the pair lists average at most 16 tiles.
 * Runs 105-106: the model's A^2 15.2 -> 10.8 ms (3D 27-pt), 2.28 -> 2.07-2.16
 * (3D 7-pt); SA level-0 A*P within +-0.05 ms; but the second Galerkin
 * products (few, long tile rows) 0.03-0.06 ms slower, their step 1 costing
 * more than step 2 saved. Run 180 (every product exact, against the
 * layouts, with C then built in place): the level-0 P^T*A, whose B is the
 * fine operator, 5-7% faster on three problems (2D 9-point 0.619 / 0.668
 * ms); the coarse levels' products 10-30 us slower. */
#define SPGEMM_EXACT_MIN_B_TILES (1 << 17)
static inline bool spgemm_exact_candidates(int layout, spgemm_kernels kernels, const fmt_tile *a,
                                           const fmt_tile *b) {
  if (layout != 0)
    return layout < 0;
  return spgemm_symbolic_by_rows(kernels, a->tile_m) ||
         (kernels == SPGEMM_KERNELS_AUTO && b->num_tiles >= SPGEMM_EXACT_MIN_B_TILES &&
          spgemm_mean_list(a, b) <= 16.0);
}

/* Whether the pair kernels look B_kj up in B's tile rows rather than its
 * column order (tile_match.cuh), which then is not built. AUTO estimates
 * the dependent loads per chunk of 32 walked entries from the mean list
 * lengths (A's tile rows ra, B's tile columns cb and tile rows rb): in the
 * column order, ceil(min(ra, cb) / 32) chunks of a load and a binary
 * search of the longer list; in B's rows, ceil(ra / 32) chunks of a load,
 * B's row bounds and a search of rb. Each lane searches a different B row
 * there, where the column order's lanes share one list and its cache
 * lines, so B's rows must come out below SPGEMM_B_ROWS_RATIO of the
 * column order's count. Run 110 (the model, ratio 1): the second Galerkin
 * products, ratio 0.57-0.58, 6-30% faster; 2D 5-point's level-0 P^T*A
 * (0.85) 9% slower, 3D 7-point's (P^T A)*P (0.83) within 2%. */
#define SPGEMM_B_ROWS_RATIO 0.7
static inline bool spgemm_lookup_by_rows(spgemm_b_lookup_kind kind, const fmt_tile *a, const fmt_tile *b) {
  if (kind != SPGEMM_B_LOOKUP_AUTO)
    return kind == SPGEMM_B_LOOKUP_ROWS;
  double ra = a->tile_m ? (double)a->num_tiles / a->tile_m : 0;
  double cb = b->tile_n ? (double)b->num_tiles / b->tile_n : 0;
  double rb = b->tile_m ? (double)b->num_tiles / b->tile_m : 0;
  double walked = ra < cb ? ra : cb, searched = ra < cb ? cb : ra;
  double by_columns = ceil(walked / 32) * (1 + log2(searched + 1));
  double by_rows = ceil(ra / 32) * (2 + log2(rb + 1));
  return by_rows < SPGEMM_B_ROWS_RATIO * by_columns;
}

/* Whether, under AUTO lookup (kind), the pair kernels of step 2 or 3 look
 * B_kj up in B's tile rows because the step's row kernel goes first
 * (row_kernel) and leaves them few rows: the step's items (candidates in
 * step 2, C's entries in step 3) average at most the row kernel's limit
 * per tile row (SPGEMM_SYMBOLIC_ROW_CANDS, SPGEMM_ROW_SLOTS). B's column
 * order, built for those few rows alone, cost more than the lookup saved
 * there: 17.2 us of the 3D 7-point A^2's 1,467 us of kernels (run 201),
 * which took 1.425 ms with B's rows against 1.445 (run 202). Otherwise
 * spgemm_lookup_by_rows decides, and the column order is built before the
 * first step that needs it. */
static inline bool spgemm_leftover_by_rows(spgemm_b_lookup_kind kind, bool row_kernel, int64_t items,
                                           int32_t tile_m, int limit) {
  return kind == SPGEMM_B_LOOKUP_AUTO && row_kernel && items <= (int64_t)tile_m * limit;
}

/* The numeric row kernel's smaller instance takes C tile rows of at most
 * this many entries (tile_numeric_rows.cu). */
#define SPGEMM_SHORT_ROW_SLOTS 256

/* Whether step 3 starts with its row kernel, once C's structure is known:
 * under AUTO, when C has a tile row per half-warp slot and its tile rows
 * average at least SPGEMM_ROW_MIN_TILES tiles.
 * Run 237, step 3 of level-0 A*P, pair kernel against row kernel: the
 * model's (C's rows 3.2-7.6 tiles) 0.177 / 0.194 ms (2D 5-pt), 0.238 /
 * 0.316 (2D 9-pt), 0.332 / 0.410 (3D 7-pt), 1.106 / 1.254 (3D 27-pt); the
 * SA hierarchy's 0.460 / 0.526 (2D 9-pt, 7.6 tiles), but 0.373 / 0.334 (2D
 * 5-pt, 8.3), 1.090 / 0.933 (3D 7-pt, 20.1), 2.022 / 1.737 (3D 27-pt,
 * 13.8). Step 2's row kernel was the faster one in all eight. Until run
 * 239 the row kernel also took C with fewer rows (one per 8 slots) of at
 * most SPGEMM_SHORT_ROW_SLOTS entries on average and pair lists of at
 * least 8 tiles (run 77); in run 237 the pair kernel was faster there: the
 * SA hierarchies' level-0 P^T*(AP) sym 0.808 / 1.070 ms (2D 5-pt) and
 * 0.728 / 0.990 (2D 9-pt), level-1 A*P 0.578 / 0.625, 0.331 / 0.369 and
 * 1.057 / 1.289 (3D 7-pt). */
#define SPGEMM_ROW_MIN_TILES 8
static inline bool spgemm_numeric_by_rows(spgemm_kernels kernels, const fmt_tile *c) {
  if (kernels != SPGEMM_KERNELS_AUTO)
    return kernels == SPGEMM_KERNELS_ROWS;
  return c->tile_m >= fmt_half_warp_slots() && c->num_tiles >= SPGEMM_ROW_MIN_TILES * (int64_t)c->tile_m;
}

/* A symmetric product (tile_twins.cu): *twin (allocated here) gets each
 * candidate's twin, candidate (j, i) for (i, j), or -1. After step 2's
 * kernels, spgemm_resolve_twins_device gives the lower candidates their
 * twins' masks, transposed, and nnz, and sets *unsymmetric (device) where
 * A*B's pattern is not symmetric. */
amg_status spgemm_twins_device(int64_t num_cand, const int64_t *cand_ptr, const int32_t *cand_row,
                               const int32_t *cand_col, int32_t **twin);
amg_status spgemm_resolve_twins_device(int64_t num_cand, const int32_t *cand_row, const int32_t *cand_col,
                                       const int32_t *twin, uint16_t *cand_mask, int32_t *cand_nnz,
                                       int *unsymmetric);

/* Tile t's 16 row masks, two to a word (row r in bits 16 (r % 2) of word
 * r / 2), in registers, from two 16-byte loads (a mask array of its own
 * holds 32 aligned bytes per tile). Step 1's occupancy and a symmetric
 * product's twins (tile_twins.cu). */
struct spgemm_tile_masks {
  uint32_t w[8];
};
static __device__ __forceinline__ spgemm_tile_masks spgemm_load_tile_masks(const uint16_t *mask, int64_t t) {
  const uint4 *at = (const uint4 *)(mask + FMT_TILE * t);
  uint4 a = at[0], b = at[1];
  return spgemm_tile_masks{{a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w}};
}

/* The tiles (or candidates) of n that a product computes: in a symmetric
 * one (upper), those on and above the diagonal, about half, which the AUTO
 * rules then count. */
static inline int64_t spgemm_computed_tiles(int64_t n, int32_t tile_m, bool upper) {
  return upper ? (n + tile_m) / 2 : n;
}

/* Step 1's candidates of C, device arrays: ptr (tile_m + 1, then the count
 * pass's scratch), col and row (num each), and for a symmetric product
 * twin (num; else NULL). exact: step 1 used the occupancy, so every
 * candidate is a tile of C (spgemm_exact_candidates). occ: that occupancy
 * where the row kernels walk in windows (spgemm_row_windows), else NULL;
 * the caller's. */
struct spgemm_candidates {
  int64_t num;
  int64_t *ptr;
  int32_t *col, *row, *twin;
  bool exact;
  const uint16_t *occ;
};

/* Step 2: masks of every candidate (rows: the row kernel first; list: the
 * pair kernel then walks the leftover list even on small products), then C
 * allocated with only the non-empty ones (tile_ptr, tile_col, tile_nnz,
 * mask, row_ptr and idx set; val not), and c_row (device, C's tile count)
 * the tile row of each C tile. With one_pass (never with rows), the
 * one-pass kernel replaces the pair kernel and C's val is set too, so step
 * 3 is done (keeping `slots` values per candidate; with fewer than 256,
 * spgemm_numeric_overflow_device finishes the fuller tiles). With twin (a
 * symmetric product, tile_twins.cu), the kernels skip the lower
 * candidates, which take their twins' masks before the scan,
 * and *c_twin (device, C's tile count) gets each upper C tile's twin. With
 * exact candidates (and two passes), there is nothing to compact: C
 * takes over cand's ptr and col and the masks, *c_row and *c_twin are
 * cand's row and twin (all NULL in *cand afterwards), and C's layout
 * (row_ptr, idx, and tile_nnz, left packed by the scan) is left to step
 * 3: *layout_left. counters: SPGEMM_COUNTERS. One host sync. */
amg_status spgemm_symbolic_device(const fmt_tile *a, spgemm_b_lookup bl, const fmt_tile *b,
                                  spgemm_candidates *cand, bool rows, bool list, bool one_pass, int slots,
                                  unsigned long long *counters, fmt_tile **c, int32_t **c_row,
                                  int32_t **c_twin, bool *layout_left);
/* C's layout left by step 2 (C built in place), by its own kernel:
 * row_ptr and idx from the masks, tile_nnz unpacked. */
amg_status spgemm_finish_layout_device(fmt_tile *c);
/* Whether steps 2 and 3 run as one pass (spgemm.h): never after step 2's
 * row kernel; under AUTO, when there are at most
 * SPGEMM_ONE_PASS_MAX_CANDIDATES candidates and the pair lists
 * (tile_match.cuh) average more than 16 tiles. */
static inline bool spgemm_use_one_pass(spgemm_passes passes, bool rows, int64_t num_cand, double mean_list) {
  return !rows && (passes == SPGEMM_PASSES_ONE || (passes == SPGEMM_PASSES_AUTO &&
                                                   num_cand <= SPGEMM_ONE_PASS_MAX_CANDIDATES && mean_list > 16.0));
}
/* Values one pass keeps per candidate (spgemm.h): asked (given > 0), or 256
 * where it computes at most SPGEMM_ONE_PASS_CANDIDATES candidates (a
 * symmetric product's upper ones, spgemm_computed_tiles), else
 * SPGEMM_ONE_PASS_FEW_SLOTS. Run 242 decided by all candidates: the SA 3D
 * 27-point level-0 symmetric second products (fewer than 65,536 upper
 * candidates, dense tiles) got 31-34% slower with 64 slots. */
static inline int spgemm_one_pass_slots(int given, int64_t computed) {
  if (given > 0)
    return given;
  return computed <= SPGEMM_ONE_PASS_CANDIDATES ? FMT_TILE * FMT_TILE : SPGEMM_ONE_PASS_FEW_SLOTS;
}
/* A product's work counters (device, SPGEMM_COUNTERS of them), zeroed by
 * step 1's count pass rather than by memsets, some of them after a host
 * sync where the GPU would wait for them. Offsets: step 2's units (the
 * one-pass kernel's counter at [0], or the symbolic kernel's work pair,
 * its counter at [1]), step 3's pair-kernel units (a work pair), and the
 * leftover lists' work pairs of steps 2 and 3 (spgemm_leftover_device). */
#define SPGEMM_STEP2_WORK 0
#define SPGEMM_STEP3_WORK 2
#define SPGEMM_STEP2_LIST 4
#define SPGEMM_STEP3_LIST 6
#define SPGEMM_COUNTERS 8

/* After one pass with fewer than 256 slots per candidate: C's tiles of
 * more than `slots` entries, whose values it did not keep, recomputed by
 * the numeric pair kernel (tile_numeric.cu); with c_twin (a symmetric
 * product), the upper ones, each also written into its twin. */
amg_status spgemm_numeric_overflow_device(const fmt_tile *a, spgemm_b_lookup bl, const fmt_tile *b, fmt_tile *c,
                                          const int32_t *c_row, const int32_t *c_twin, int slots);
/* The one-pass kernel (tile_one_pass.cu): its layout for num_cand
 * candidates with group half-warps each (by_rows: B_kj from B's tile
 * rows, tile_match.cuh), and the launch. It writes each
 * candidate's masks and nnz (as step 2), its values packed into
 * cand_val[slots u ..] (none when it has more than slots entries) and, as
 * the symbolic kernel, prefix (num_cand +
 * spgemm_scan_scratch(l) entries) and, fused, the totals to *total (the
 * host mailbox). *next (device, zero) is the work counter of an unfused
 * layout. upper (never fused): the candidates on
 * and above the diagonal only (tile_twins.cu). */
spgemm_scan_layout spgemm_one_pass_layout(int64_t num_cand, int group, bool by_rows);
amg_status spgemm_one_pass_device(const fmt_tile *a, spgemm_b_lookup bl, const fmt_tile *b,
                                  int64_t num_cand, const int32_t *cand_row, const int32_t *cand_col, bool upper,
                                  int group, spgemm_scan_layout l, uint16_t *cand_mask, int32_t *cand_nnz,
                                  int slots, double *cand_val,
                                  fmt_tile_count *prefix, fmt_tile_count *total, unsigned long long *next);
/* The scan of the candidates' (kept, nnz) counts where the kernel that
 * wrote them did not scan them itself (tile_candidate_scan.cu): its layout
 * for num_cand candidates (fused, so that spgemm_scan_prefix reads it),
 * and the launch, which fills prefix (num_cand +
 * spgemm_scan_scratch(l) entries) and leaves the totals at *total (the
 * device side of the host mailbox), read by the host after a sync. */
spgemm_scan_layout spgemm_candidate_scan_layout(int64_t num_cand);
amg_status spgemm_candidate_scan_device(int64_t num_cand, const int32_t *cand_nnz, spgemm_scan_layout l,
                                        fmt_tile_count *prefix, fmt_tile_count *total);
/* Candidate u's masks (m: lane r's row) and nnz stored by a whole
 * half-warp; returns the nnz (on every lane) and, with start, row r's
 * first entry. The step-2 kernels and the one-pass kernel. */
static __device__ __forceinline__ int spgemm_store_candidate(int64_t u, int r, unsigned m, uint16_t *cand_mask,
                                                             int32_t *cand_nnz, int *start = nullptr) {
  int nnz = 0, before = fmt_half_warp_exclusive_sum(__popc(m), &nnz);
  if (start)
    *start = before;
  cand_mask[FMT_TILE * u + r] = (uint16_t)m;
  if (r == 0)
    cand_nnz[u] = nnz;
  return nnz;
}
/* C built in place (step 2 left tile_nnz as the scan packed it): tile t's
 * first entry. Every lane of `members` reads the packed word before the
 * lane with `writer` set stores it back unpacked. The kernels that write
 * C's layout with its values (numeric_tile's LAYOUT, tile_numeric_dot.cu);
 * spgemm_unpack_last_tile_nnz does the end, which no tile reads. */
static __device__ __forceinline__ int64_t spgemm_take_packed_base(int64_t *tile_nnz, int64_t t, unsigned members,
                                                                  bool writer) {
  int64_t base = fmt_unpack_tile_count{}((uint64_t)tile_nnz[t]).nnz;
  __syncwarp(members);
  if (writer)
    tile_nnz[t] = base;
  return base;
}
static __device__ __forceinline__ void spgemm_unpack_last_tile_nnz(int64_t *tile_nnz, int64_t num_tiles) {
  if (blockIdx.x == 0 && threadIdx.x == 0)
    tile_nnz[num_tiles] = fmt_unpack_tile_count{}((uint64_t)tile_nnz[num_tiles]).nnz;
}
/* Lane r's part of C tile t, whose entries start at base: row_ptr (start,
 * the row's first entry within the tile) and idx for the row's entries,
 * the set bits of its mask. The compaction and finish_kernel. */
static __device__ __forceinline__ void spgemm_write_row_layout(int64_t t, int64_t base, int r, unsigned bits,
                                                               int start, uint8_t *row_ptr, uint8_t *idx) {
  row_ptr[FMT_TILE * t + r] = (uint8_t)start;
  int64_t k = base + start;
  for (unsigned rest = bits; rest; rest &= rest - 1)
    idx[k++] = (uint8_t)((r << 4) | (__ffs(rest) - 1));
}
/* The row kernel alone: cand_mask and cand_nnz of the candidate tile rows
 * with 1..SPGEMM_SYMBOLIC_ROW_CANDS candidates (upper: of their candidates
 * on and above the diagonal only). With occ (step 1's occupancy, or NULL),
 * it walks B's tile rows in windows (spgemm_row_windows). */
amg_status spgemm_symbolic_rows_device(const fmt_tile *a, const fmt_tile *b, const int64_t *cand_ptr,
                                       const int32_t *cand_col, const uint16_t *occ, bool upper,
                                       uint16_t *cand_mask, int32_t *cand_nnz);

/* The items of the tile rows the row kernels leave (tile_leftover.cu):
 * for each row i whose weight exceeds limit, ptr[i] .. ptr[i + 1] - 1 go
 * to *list (allocated here with room for all `items` of ptr; the caller
 * frees it) in no fixed order; *work (2 counters in the same allocation)
 * gets their number in (*work)[0], and (*work)[1] is the pair kernel's
 * next item (spgemm_grab, or spgemm_grab_unit). The weight is weight[ptr[i + 1]] -
 * weight[ptr[i]] when weight is given, else the row's item count. Without
 * ptr, each "row" i is the single item i (tile_m = items). With zeroed (2
 * counters at zero, SPGEMM_COUNTERS), *work is zeroed instead. */
amg_status spgemm_leftover_device(int32_t tile_m, int64_t items, const int64_t *ptr, const int64_t *weight,
                                  int64_t limit, unsigned long long *zeroed, int64_t **list,
                                  unsigned long long **work);
/* A pair kernel after a row kernel walks the leftover list when its whole
 * grid (`blocks`) is larger than SPGEMM_LEFTOVER_ABOVE waves; else it goes
 * over all the tiles and skips the row kernel's rows, which then costs less
 * than the list's allocation and launches (run 88: level-1 products 20-40
 * us slower with the list). The list's grid is SPGEMM_LEFTOVER_WAVES waves:
 * its blocks, or with groups of at most two half-warps its units
 * (spgemm_grab_unit), take items until none is left (spgemm_grab), so one
 * wave does the work of several, and when no row is left over, 8 waves of
 * blocks finding nothing took 15 us per kernel (run 121). */
#define SPGEMM_LEFTOVER_ABOVE 8
#define SPGEMM_LEFTOVER_WAVES 1
static inline bool spgemm_use_leftover(int64_t blocks, int64_t wave) {
  return blocks > SPGEMM_LEFTOVER_ABOVE * wave;
}
/* The block's next `per_block` items of a leftover list: one atomic on
 * *next by thread 0, shared through *slot (all threads call it). Blocks
 * take work as they finish, as the hardware schedules a whole grid. */
static __device__ __forceinline__ int64_t spgemm_grab(unsigned long long *next, int per_block, int64_t *slot) {
  __syncthreads(); /* every thread has read the previous value */
  if (threadIdx.x == 0)
    *slot = (int64_t)atomicAdd(next, (unsigned long long)per_block);
  __syncthreads();
  return *slot;
}

/* The first of the next `count` items of a unit of at most two half-warps
 * from *next: the unit's first lane takes them, and the unit (a half-warp,
 * or with group 2 its warp) shares the first. Units that take items this
 * way, on one wave of blocks, need no block barrier: a block with one
 * expensive item no longer holds its multiprocessor while its other units
 * wait (run 131: 56% of the one-pass kernel's stall cycles were at that
 * barrier). Which unit takes an item varies; what it computes does not. */
static __device__ __forceinline__ int64_t spgemm_grab_unit(unsigned long long *next, int group, int count = 1) {
  int first = group == 2 ? 0 : (int)(threadIdx.x & 16);
  unsigned long long item = 0;
  if ((int)(threadIdx.x & 31) == first)
    item = atomicAdd(next, (unsigned long long)count);
  return (int64_t)__shfl_sync(group == 2 ? 0xFFFFFFFFu : fmt_half_warp_mask(), item, first);
}

/* Step 3: C's values (the row kernel first where spgemm.h's AUTO rule, or
 * kernels, says so; list as in step 2). With c_twin (a symmetric product),
 * the upper tiles only, each also written into its twin. occ: step 1's
 * occupancy where the row kernel walks in windows (spgemm_row_windows),
 * else NULL. layout: C's layout was left by step 2; the pair kernel writes
 * it where it takes every tile (a general product, no row kernel), saving
 * a kernel, else spgemm_finish_layout_device does first. counters:
 * SPGEMM_COUNTERS. */
amg_status spgemm_numeric_device(const fmt_tile *a, spgemm_b_lookup bl, const fmt_tile *b, const uint16_t *occ,
                                 fmt_tile *c, const int32_t *c_row, const int32_t *c_twin, int dense_threshold,
                                 spgemm_kernels kernels, int row_split, bool list, bool layout,
                                 unsigned long long *counters);
/* Whether step 3 runs by dot products (tile_numeric_dot.cu, spgemm.h's
 * numeric_dot: 1 wherever it can, -1 never, 0 AUTO): it needs B^T
 * (values included), two passes, a general product (upper false) and no
 * numeric row kernel. AUTO: where A has fewer rows than columns (a
 * restriction such as P^T, whose tiles keep their entries in few rows,
 * leaving most of the pair kernel's lanes idle) and each C entry sums at
 * least SPGEMM_DOT_MIN_TERMS terms, estimated as nnz(A) times B's mean row
 * length over nnz(C). Runs 269-270 (the model, level 0, dot / pair
 * kernel): 3D 27-point P^T*A (9.8 terms) 1.918-2.041 against 2.577-2.635
 * ms; but 3D 7-point and 2D 5-point P^T*A (3.3 and 2.8 terms) 0-8%
 * slower, 2D 9-point (4.6) within +-4%, and A*P 3-27% slower on all
 * four problems (3D 7-point 0.734-0.772 against 0.594-0.617). AUTO also
 * needs SPGEMM_DOT_MIN_WAVES C tiles per warp the GPU holds at once (64
 * per multiprocessor): a warp takes a tile's whole pair list, where the
 * pair kernel spreads few tiles over more half-warps. Run 275, two passes
 * forced: the model's 3D level-1 (P^T A)*P (850 tiles, 0.1 waves)
 * 0.249-0.270 against 0.110-0.115 ms; runs 271 and 276: the 3D level-1
 * P^T*A (12,872 tiles, 1.5 waves) 3-4% slower on average over six rounds,
 * the 3D 27-point level-0 P^T*A (490,961 tiles, 58 waves) 25% faster. */
#define SPGEMM_DOT_MIN_TERMS 8.0
#define SPGEMM_DOT_MIN_WAVES 8
static inline bool spgemm_use_dot(int dot, const fmt_tile *a, const fmt_tile *b, const fmt_tile *bt,
                                  const fmt_tile *c, bool upper, bool numeric_rows) {
  if (!bt || upper || numeric_rows || dot < 0)
    return false;
  if (dot > 0)
    return true;
  double terms = c->nnz > 0 && b->m > 0 ? (double)a->nnz * ((double)b->nnz / b->m) / (double)c->nnz : 0;
  return a->m < a->n && terms >= SPGEMM_DOT_MIN_TERMS &&
         c->num_tiles >= SPGEMM_DOT_MIN_WAVES * (fmt_half_warp_slots() / 2);
}
/* Step 3 by dot products, a warp per C tile of a general product: C's
 * values from A and B^T (bt), and with layout C's layout (as
 * spgemm_numeric_device's). next: a zeroed work counter. */
amg_status spgemm_numeric_dot_device(const fmt_tile *a, const fmt_tile *bt, fmt_tile *c, const int32_t *c_row,
                                     bool layout, unsigned long long *next);
/* The row kernel alone: C tile rows with 1..SPGEMM_ROW_SLOTS entries,
 * split half-warps per row (1, 2, 4 or 8; 0: enough to fill the GPU);
 * c_twin and occ as above. */
amg_status spgemm_numeric_rows_device(const fmt_tile *a, const fmt_tile *b, const uint16_t *occ, fmt_tile *c,
                                      const int32_t *c_twin, int split);

#endif
