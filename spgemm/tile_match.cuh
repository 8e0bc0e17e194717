/* Matched tile pairs of one C tile.
 *
 * C tile (i, j) needs every A_ik in A's tile row i that has a B_kj. B_kj is
 * looked up one of two ways (spgemm_b_lookup, spgemm.h's b_lookup):
 *  - in B's column order: the shorter of A's tile row i and B's tile column
 *    j (both sorted by k) is walked in chunks; in a chunk, lane l takes
 *    entry l and binary-searches the longer list;
 *  - in B's tile rows: A's tile row i is walked, and lane l binary-searches
 *    B's tile row k (sorted by column) for j. No column order is needed.
 * Either way a ballot gives the chunk's hits in increasing k, so both find
 * a tile's pairs in increasing k, the order the host steps (tile_numeric.c)
 * add them in. (With several warps per tile, the walked list is split between
 * them, so the two ways can group a tile's partial sums differently.)
 *
 * A tile is served by S half-warps (S a power of two up to 16):
 *  - S = 1 (short lists, many tiles): the half-warp walks chunks of 16;
 *  - S >= 2: warp w of the group's S/2 walks the w-th of S/2 equal parts of
 *    the list in chunks of 32 (so a list shorter than 16 S entries still
 *    reaches every warp); its two halves take alternate hits, so both run
 *    the same instruction stream and each keeps its own partial result.
 * LANES (16 or 32) is the discovery width: 16 when S = 1, else 32.
 * Tile indices are 32-bit here; the host checks the tile counts fit. */
#ifndef SPGEMM_TILE_MATCH_CUH
#define SPGEMM_TILE_MATCH_CUH

#include "device_util.cuh"

/* Where the pair kernels look B_kj up (set on the host, passed by value):
 * B's column order (ptr = col_ptr by tile column j, key = the tile rows k
 * of each column, tile = the B tile at each position), or B's tile rows
 * (ptr = tile_ptr by k, key = tile_col, tile = NULL: a position is a tile). */
struct spgemm_b_lookup {
  const int64_t *ptr;
  const int32_t *key;
  const int64_t *tile;
};

/* Position of key in sorted list[lo, hi), or -1. */
static __device__ __forceinline__ int32_t spgemm_find(const int32_t *list, int32_t lo, int32_t hi,
                                                      int32_t key) {
  while (lo < hi) {
    int32_t mid = (int32_t)(((unsigned)lo + (unsigned)hi) >> 1);
    int32_t v = list[mid];
    if (v == key)
      return mid;
    if (v < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  return -1;
}

/* Shuffle/ballot members for a discovery width: the half-warp or the warp. */
template <int LANES>
static __device__ __forceinline__ unsigned spgemm_members() {
  return LANES == 32 ? 0xFFFFFFFFu : fmt_half_warp_mask();
}

/* A's tile row i and where B_kj is found: B's tile column j (its part
 * [b_lo, b_hi) of the column order), or, BY_ROWS, B's tile rows (b_lo is
 * then j; A's row is always walked), and which list is walked. The
 * kernels take BY_ROWS as a template parameter, so that the column-order
 * instances keep their registers. */
struct spgemm_lists {
  const int32_t *a_col; /* A's tile columns k, [a_lo, a_hi) */
  const int32_t *b_key; /* column order: B's tile rows k; BY_ROWS: B's tile columns */
  const int64_t *b_idx; /* column order: the B tile at each position; BY_ROWS: B's tile_ptr */
  int32_t a_lo, a_hi, b_lo, b_hi;
  bool walk_a;
  __device__ int32_t length() const { return walk_a ? a_hi - a_lo : b_hi - b_lo; }
};

template <bool BY_ROWS>
static __device__ __forceinline__ spgemm_lists spgemm_make_lists(const int64_t *a_tile_ptr,
                                                                const int32_t *a_tile_col, spgemm_b_lookup bl,
                                                                int32_t i, int32_t j) {
  spgemm_lists l;
  l.a_col = a_tile_col;
  l.b_key = bl.key;
  l.b_idx = BY_ROWS ? bl.ptr : bl.tile;
  l.a_lo = (int32_t)a_tile_ptr[i];
  l.a_hi = (int32_t)a_tile_ptr[i + 1];
  l.b_lo = BY_ROWS ? j : (int32_t)bl.ptr[j];
  l.b_hi = BY_ROWS ? 0 : (int32_t)bl.ptr[j + 1];
  l.walk_a = BY_ROWS || (l.a_hi - l.a_lo) <= (l.b_hi - l.b_lo);
  return l;
}

/* The part [*from, *to) of the walked list (offsets from its start) that
 * warp w of `warps` walks: equal contiguous parts. */
static __device__ __forceinline__ void spgemm_warp_part(const spgemm_lists &l, int w, int warps,
                                                        int32_t *from, int32_t *to) {
  int64_t n = l.length();
  *from = (int32_t)(n * w / warps);
  *to = (int32_t)(n * (w + 1) / warps);
}

/* The pairs of the chunk of LANES entries at offset `at` of the walked list,
 * ending at offset `to` at most: this lane's pair (pa, pb), pa = -1 if
 * none, and the chunk's hit bits (bit l = discovery lane l found a pair),
 * the same on all LANES lanes. POSITIONS (column order only): pb is B_kj's
 * position in the column order, which, read from B^T, is B^T's tile
 * (j, k) (tile_numeric_dot.cu), instead of B's tile; l.b_idx is unused. */
template <int LANES, bool BY_ROWS, bool POSITIONS = false>
static __device__ __forceinline__ unsigned spgemm_chunk_pairs(const spgemm_lists &l, int32_t at, int32_t to,
                                                              int32_t *pa, int32_t *pb) {
  static_assert(!POSITIONS || !BY_ROWS, "positions are the column order's");
  int lane = threadIdx.x & (LANES - 1);
  bool inside = at + lane < to;
  int32_t mine = (l.walk_a ? l.a_lo : l.b_lo) + at + lane;
  *pa = -1;
  *pb = -1;
  if (BY_ROWS) {
    if (inside) { /* B's tile row k, for column j */
      int32_t k = l.a_col[mine];
      int32_t q = spgemm_find(l.b_key, (int32_t)l.b_idx[k], (int32_t)l.b_idx[k + 1], l.b_lo);
      if (q >= 0) {
        *pa = mine;
        *pb = q;
      }
    }
  } else if (l.walk_a) {
    if (inside) {
      int32_t q = spgemm_find(l.b_key, l.b_lo, l.b_hi, l.a_col[mine]);
      if (q >= 0) {
        *pa = mine;
        *pb = POSITIONS ? q : (int32_t)l.b_idx[q];
      }
    }
  } else if (inside) {
    int32_t q = spgemm_find(l.a_col, l.a_lo, l.a_hi, l.b_key[mine]);
    if (q >= 0) {
      *pa = q;
      *pb = POSITIONS ? mine : (int32_t)l.b_idx[mine];
    }
  }
  unsigned hits = __ballot_sync(spgemm_members<LANES>(), *pa >= 0);
  return LANES == 32 ? hits : (hits >> (threadIdx.x & 16)) & 0xFFFFu;
}

/* The pairs (A tile, B tile) that a chunk's discovery lanes found, left in
 * shared memory for the group's batches: one per half-warp; discovery
 * lane l of a group writes its first half-warp's + l / 16, at l % 16.
 * Four shuffles per pair (two of them 64-bit) carried them before;
 * reading them from here made the largest numeric pair-kernel instances
 * 6-10% faster, and they spill less (run 163). Why was not established:
 * the symbolic kernels were 1-14% slower this way (run 163), and up to 9%
 * slower with fewer shuffle calls (run 166), so they still shuffle. */
struct spgemm_found {
  int32_t pa[16], pb[16];
};

/* Leaves this lane's pair (pa >= 0) in found_all and syncs the group.
 * Every lane must have read the previous chunk's pairs. */
template <int LANES>
static __device__ __forceinline__ void spgemm_share_pairs(spgemm_found *found_all, int32_t pa, int32_t pb) {
  if (pa >= 0) {
    spgemm_found *f = found_all + (threadIdx.x >> 4);
    f->pa[threadIdx.x & 15] = pa;
    f->pb[threadIdx.x & 15] = pb;
  }
  __syncwarp(spgemm_members<LANES>());
}

/* The pair that discovery lane src found (src from spgemm_take_batch). */
template <int LANES>
static __device__ __forceinline__ void spgemm_found_pair(const spgemm_found *found_all, int src, int32_t *qa,
                                                         int32_t *qb) {
  const spgemm_found *f = found_all + (LANES == 32 ? (threadIdx.x >> 4) & ~1u : threadIdx.x >> 4) + (src >> 4);
  *qa = f->pa[src & 15];
  *qb = f->pb[src & 15];
}

/* Takes this half-warp's next G hits: src[g] = the discovery lane holding
 * it, or -1 past the end. With LANES = 32 the two halves take alternate hits. */
template <int G, int LANES>
static __device__ __forceinline__ void spgemm_take_batch(unsigned *hits, int (&src)[G]) {
  constexpr int halves = LANES / 16;
  int half = LANES == 32 ? (threadIdx.x >> 4) & 1 : 0;
#pragma unroll
  for (int g = 0; g < halves * G; g++) {
    int lane = *hits ? __ffs(*hits) - 1 : -1;
    *hits &= *hits - 1;
    if (g % halves == half)
      src[g / halves] = lane;
  }
}

/* Half-warps per C tile. Long pair lists (the shorter of A's tile rows and
 * B's tile columns averages over warp_list: SPGEMM_WARP_LIST for the pair
 * kernels and the symmetric one pass, SPGEMM_ONE_PASS_WARP_LIST for the
 * general one pass, spgemm.h) start at a warp, and few tiles spread wider,
 * so that about `slots` half-warps are busy. */
static inline int spgemm_half_warps_per_tile(int64_t tiles, double mean_list, double warp_list, int64_t slots) {
  int s = mean_list > warp_list ? 2 : 1;
  while (s < 16 && tiles * s * 2 <= slots)
    s *= 2;
  return s;
}


#endif
