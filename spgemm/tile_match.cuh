/* Matched tile pairs of one C tile, found by a half-warp (GPU twin of
 * tile_match.c).
 *
 * C tile (i, j) needs every A_ik in A's tile row i that has a B_kj in B's
 * tile column j. The shorter of the two sorted lists is walked in chunks of
 * 16 entries; in a chunk, lane l takes entry l and binary-searches the
 * longer list. A ballot gives the chunk's hits, in increasing k. The lane
 * that found a pair also loads both tiles' entry offsets, so a batch of
 * pairs can start with all of its loads independent. Chunks can be dealt to
 * several half-warps (split mode): half-warp s of S takes chunks s, s+S, ... */
#ifndef SPGEMM_TILE_MATCH_CUH
#define SPGEMM_TILE_MATCH_CUH

#include "device_util.cuh"

/* Position of key in sorted list[lo, hi), or -1. */
static __device__ __forceinline__ int64_t spgemm_find(const int32_t *list, int64_t lo, int64_t hi,
                                                      int32_t key) {
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
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

/* A's tile row i and B's tile column j, and which one is walked. */
struct spgemm_lists {
  const int32_t *a_col;  /* A's tile columns k, [a_lo, a_hi) */
  const int32_t *b_row;  /* B's tile rows k in column order, [b_lo, b_hi) */
  const int64_t *b_tile; /* B tile index at each column-order position */
  int64_t a_lo, a_hi, b_lo, b_hi;
  bool walk_a;
  __device__ int64_t chunks() const {
    int64_t len = walk_a ? a_hi - a_lo : b_hi - b_lo;
    return (len + 15) / 16;
  }
};

static __device__ __forceinline__ spgemm_lists spgemm_make_lists(const int64_t *a_tile_ptr,
                                                                const int32_t *a_tile_col,
                                                                const int64_t *bc_col_ptr,
                                                                const int32_t *bc_row,
                                                                const int64_t *bc_tile, int32_t i,
                                                                int32_t j) {
  spgemm_lists l;
  l.a_col = a_tile_col;
  l.b_row = bc_row;
  l.b_tile = bc_tile;
  l.a_lo = a_tile_ptr[i];
  l.a_hi = a_tile_ptr[i + 1];
  l.b_lo = bc_col_ptr[j];
  l.b_hi = bc_col_ptr[j + 1];
  l.walk_a = (l.a_hi - l.a_lo) <= (l.b_hi - l.b_lo);
  return l;
}

/* The pairs of one chunk: this lane's pair (pa, pb) or pa = -1, and the
 * chunk's hit bits (bit l = lane l found a pair), the same on all 16 lanes. */
static __device__ __forceinline__ unsigned spgemm_chunk_pairs(const spgemm_lists &l, int64_t chunk,
                                                              int64_t *pa, int64_t *pb) {
  int lane = threadIdx.x & 15;
  int64_t mine = (l.walk_a ? l.a_lo : l.b_lo) + 16 * chunk + lane;
  *pa = -1;
  *pb = -1;
  if (l.walk_a) {
    if (mine < l.a_hi) {
      int64_t q = spgemm_find(l.b_row, l.b_lo, l.b_hi, l.a_col[mine]);
      if (q >= 0) {
        *pa = mine;
        *pb = l.b_tile[q];
      }
    }
  } else if (mine < l.b_hi) {
    int64_t q = spgemm_find(l.a_col, l.a_lo, l.a_hi, l.b_row[mine]);
    if (q >= 0) {
      *pa = q;
      *pb = l.b_tile[mine];
    }
  }
  return (__ballot_sync(fmt_half_warp_mask(), *pa >= 0) >> (threadIdx.x & 16)) & 0xFFFFu;
}

/* Takes up to G pairs off the hit bits: src[g] = lane holding pair g, or -1. */
template <int G>
static __device__ __forceinline__ void spgemm_take_batch(unsigned *hits, int (&src)[G]) {
#pragma unroll
  for (int g = 0; g < G; g++) {
    src[g] = *hits ? __ffs(*hits) - 1 : -1;
    *hits &= *hits - 1;
  }
}

/* Split factor: half-warps per C tile, a power of two so that about `slots`
 * half-warps are busy when there are few tiles. */
static inline int spgemm_split_factor(int64_t tiles, int64_t slots) {
  int split = 1;
  while (split < 16 && tiles * split * 2 <= slots)
    split *= 2;
  return split;
}

#endif
