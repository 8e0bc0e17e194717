/* Matched tile pairs of one C tile, found by a warp (GPU twin of
 * tile_match.c).
 *
 * C tile (i, j) needs every A_ik in A's tile row i that has a B_kj in B's
 * tile column j. The shorter of the two sorted lists is walked in chunks of
 * 32 entries; lane l takes entry l of a chunk and binary-searches the longer
 * list. A ballot gives the chunk's hits in increasing k. The warp's two
 * half-warps then take alternate hits (half h the h-th, h+2-th, ... of each
 * batch), so both halves run the same instruction stream. When a C tile has
 * several warps (few tiles), warp w of W takes chunks w, w+W, ...
 * Tile indices are 32-bit here; the host checks the tile counts fit. */
#ifndef SPGEMM_TILE_MATCH_CUH
#define SPGEMM_TILE_MATCH_CUH

#include "device_util.cuh"

#define SPGEMM_FULL_WARP 0xFFFFFFFFu

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

/* A's tile row i and B's tile column j, and which one is walked. */
struct spgemm_lists {
  const int32_t *a_col;  /* A's tile columns k, [a_lo, a_hi) */
  const int32_t *b_row;  /* B's tile rows k in column order, [b_lo, b_hi) */
  const int64_t *b_tile; /* B tile index at each column-order position */
  int32_t a_lo, a_hi, b_lo, b_hi;
  bool walk_a;
  __device__ int32_t chunks() const { return ((walk_a ? a_hi - a_lo : b_hi - b_lo) + 31) / 32; }
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
  l.a_lo = (int32_t)a_tile_ptr[i];
  l.a_hi = (int32_t)a_tile_ptr[i + 1];
  l.b_lo = (int32_t)bc_col_ptr[j];
  l.b_hi = (int32_t)bc_col_ptr[j + 1];
  l.walk_a = (l.a_hi - l.a_lo) <= (l.b_hi - l.b_lo);
  return l;
}

/* The pairs of one 32-entry chunk: this lane's pair (pa, pb), pa = -1 if
 * none, and the chunk's hit bits (bit l = lane l found a pair), the same on
 * all 32 lanes. Called by the whole warp. */
static __device__ __forceinline__ unsigned spgemm_chunk_pairs(const spgemm_lists &l, int32_t chunk,
                                                              int32_t *pa, int32_t *pb) {
  int lane = threadIdx.x & 31;
  int32_t mine = (l.walk_a ? l.a_lo : l.b_lo) + 32 * chunk + lane;
  *pa = -1;
  *pb = -1;
  if (l.walk_a) {
    if (mine < l.a_hi) {
      int32_t q = spgemm_find(l.b_row, l.b_lo, l.b_hi, l.a_col[mine]);
      if (q >= 0) {
        *pa = mine;
        *pb = (int32_t)l.b_tile[q];
      }
    }
  } else if (mine < l.b_hi) {
    int32_t q = spgemm_find(l.a_col, l.a_lo, l.a_hi, l.b_row[mine]);
    if (q >= 0) {
      *pa = q;
      *pb = (int32_t)l.b_tile[mine];
    }
  }
  return __ballot_sync(SPGEMM_FULL_WARP, *pa >= 0);
}

/* Takes the next 2G hits: this half-warp's G of them, src[g] = the lane that
 * holds pair 2g + half, or -1 past the end. Uniform per half-warp. */
template <int G>
static __device__ __forceinline__ void spgemm_take_batch(unsigned *hits, int (&src)[G]) {
  int half = (threadIdx.x >> 4) & 1;
#pragma unroll
  for (int g = 0; g < 2 * G; g++) {
    int lane = *hits ? __ffs(*hits) - 1 : -1;
    *hits &= *hits - 1;
    if ((g & 1) == half)
      src[g >> 1] = lane;
  }
}

/* Warps per C tile: a power of two so that about `slots` warps are busy
 * when tiles are few (at most 8, a whole 256-thread block). */
static inline int spgemm_warps_per_tile(int64_t tiles, int64_t slots) {
  int warps = 1;
  while (warps < 8 && tiles * warps * 2 <= slots)
    warps *= 2;
  return warps;
}

#endif
