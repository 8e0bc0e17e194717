/* Matched tile pairs of one C tile, for a half-warp (GPU twin of tile_match.c).
 *
 * C tile (i, j) needs every A_ik in A's tile row i with a B_kj in B's tile
 * column j. The 16 lanes take 16 entries of the shorter list at a time and
 * binary-search the longer one; a ballot collects the hits, and visit(pa, pb)
 * runs on all 16 lanes together for each pair, in increasing k (the order of
 * the CPU reference), so sums over pairs are reproducible. */
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

/* a_col[a_lo, a_hi): A's tile row (tile columns k, sorted).
 * b_row[b_lo, b_hi): B's tile column (tile rows k, sorted), b_tile the tiles. */
template <typename Visit>
static __device__ __forceinline__ void spgemm_for_each_pair(const int32_t *a_col, int64_t a_lo,
                                                            int64_t a_hi, const int32_t *b_row,
                                                            const int64_t *b_tile, int64_t b_lo,
                                                            int64_t b_hi, Visit visit) {
  unsigned hmask = fmt_half_warp_mask();
  int lane = threadIdx.x & 15;
  int half_shift = threadIdx.x & 16;
  bool walk_a = (a_hi - a_lo) <= (b_hi - b_lo);
  int64_t lo = walk_a ? a_lo : b_lo, hi = walk_a ? a_hi : b_hi;
  for (int64_t base = lo; base < hi; base += 16) {
    int64_t mine = base + lane, pa = -1, pb = -1;
    if (mine < hi) {
      if (walk_a) {
        int64_t q = spgemm_find(b_row, b_lo, b_hi, a_col[mine]);
        if (q >= 0) {
          pa = mine;
          pb = b_tile[q];
        }
      } else {
        int64_t q = spgemm_find(a_col, a_lo, a_hi, b_row[mine]);
        if (q >= 0) {
          pa = q;
          pb = b_tile[mine];
        }
      }
    }
    unsigned hits = (__ballot_sync(hmask, pa >= 0) >> half_shift) & 0xFFFFu;
    while (hits) {
      int l = __ffs(hits) - 1;
      hits &= hits - 1;
      visit(__shfl_sync(hmask, pa, l, 16), __shfl_sync(hmask, pb, l, 16));
    }
  }
}

#endif
