/* Step 3 on the GPU by dot products (CPU reference: tile_numeric_dot.c),
 * for a general product whose caller gives B^T (spgemm.h's b_transpose,
 * values included): a warp per C tile, a lane per C entry. Used where
 * spgemm_use_dot (spgemm_device.cuh) says.
 *
 * C tile (i, j)'s entry (r, c) is the sum over the pairs (A_ik, B_kj), in
 * increasing k, of row r of A_ik dotted with column c of B_kj, which is
 * row c of B^T's tile (j, k). Both rows are masks, so their common inner
 * indices are one AND: the lane visits exactly the terms that exist, in
 * increasing inner index. The pair kernel (tile_numeric.cu) gives lane r
 * row r of the tile and adds whole rows of B; where the tiles keep their
 * entries in few rows (P, P^T), most of its lanes wait (notes item 52).
 *
 * The pairs come from A's tile row i and B^T's tile row j, both sorted by
 * k: B^T's tile rows are B's column order, and tile_match.cuh walks the
 * shorter list in chunks of 32, each lane binary-searching the longer,
 * and gives B^T's tile (the position in that order). A C tile of more than 32
 * entries takes rounds of 32, each walking the pairs again.
 *
 * Each entry is one lane's sum in a fixed order, written once: no shared
 * accumulator, no atomics, bitwise reproducible. The sums run in the
 * order of the CPU reference (k, then the inner index), but as FMAs, where
 * the reference rounds each product and sum: the two agree to rounding,
 * not bitwise.
 * LAYOUT (C built in place, step 2 left its layout): the warp also writes
 * row_ptr, idx and the unpacked tile_nnz, as finish_kernel would. */
#include "last_block_scan.cuh" /* spgemm_one_wave */
#include "spgemm_device.cuh"

#define DOT_THREADS 256
#define DOT_WARPS (DOT_THREADS / 32)

/* One side of a dot product: a tile matrix's tile rows (ptr, key: their
 * tile columns, sorted) and its tiles' layout and values. */
struct dot_side {
  const int64_t *ptr;
  const int32_t *key;
  const int64_t *tile_nnz;
  const uint16_t *mask;
  const uint8_t *row_ptr;
  const double *val;
};

/* C: tile rows and columns, and the structure step 2 left. */
struct dot_c {
  const int32_t *row, *col;
  int64_t *tile_nnz;
  const uint16_t *mask;
  uint8_t *row_ptr, *idx;
  double *val;
};

static dot_side dot_side_of(const fmt_tile *m) {
  return dot_side{m->tile_ptr, m->tile_col, m->tile_nnz, m->mask, m->row_ptr, m->val};
}

/* Lane's term sum over one pair: row r of A tile qa dotted with row col of
 * B^T tile qb, added to acc. Batches of 2 or 4 pairs with all their loads
 * issued first were slower (run 270: 3D 27-point P^T*A 2.03-2.23 against
 * 1.92-1.95 ms in run 269; 40-64 registers against 32). */
static __device__ __forceinline__ double dot_pair(double acc, const dot_side &a, const dot_side &bt, int32_t qa,
                                                  int32_t qb, int r, int col) {
  unsigned am = a.mask[FMT_TILE * (int64_t)qa + r], bm = bt.mask[FMT_TILE * (int64_t)qb + col];
  unsigned common = am & bm;
  if (!common)
    return acc;
  const double *av = a.val + a.tile_nnz[qa] + a.row_ptr[FMT_TILE * (int64_t)qa + r];
  const double *bv = bt.val + bt.tile_nnz[qb] + bt.row_ptr[FMT_TILE * (int64_t)qb + col];
  for (; common; common &= common - 1) {
    unsigned below = (common - 1) & ~common; /* inner indices below this one */
    acc = fma(av[__popc(am & below)], bv[__popc(bm & below)], acc);
  }
  return acc;
}

/* C tile t, by the whole warp. */
template <bool LAYOUT>
static __device__ __forceinline__ void dot_tile(int64_t t, const dot_c &c, const dot_side &a, const dot_side &bt,
                                                int32_t (*found)[32]) {
  int lane = threadIdx.x & 31;
  unsigned row_mask = lane < FMT_TILE ? c.mask[FMT_TILE * t + lane] : 0u;
  int incl = fmt_warp_inclusive_sum((int)__popc(row_mask)); /* entries of rows 0 .. lane */
  int total = __shfl_sync(0xFFFFFFFFu, incl, FMT_TILE - 1);
  int64_t base;
  if (LAYOUT) {
    base = spgemm_take_packed_base(c.tile_nnz, t, 0xFFFFFFFFu, lane == 0);
    if (lane < FMT_TILE)
      c.row_ptr[FMT_TILE * t + lane] = (uint8_t)(incl - __popc(row_mask));
  } else {
    base = c.tile_nnz[t];
  }
  /* B^T's tile rows as B's column order, whose positions are B^T's tiles */
  spgemm_lists l = spgemm_make_lists<false>(a.ptr, a.key, spgemm_b_lookup{bt.ptr, bt.key, NULL}, c.row[t], c.col[t]);
  int32_t walk_n = l.length();
  for (int first = 0; first < total; first += 32) {
    int e = first + lane;
    /* entry e's row r: the number of rows whose entries all come before e */
    int r = 0;
#pragma unroll
    for (int step = 8; step > 0; step >>= 1) {
      int before = __shfl_sync(0xFFFFFFFFu, incl, r + step - 1);
      if (before <= e)
        r += step;
    }
    r = r < FMT_TILE ? r : FMT_TILE - 1; /* lanes past the end */
    unsigned bits = __shfl_sync(0xFFFFFFFFu, row_mask, r);
    int rank = e - (__shfl_sync(0xFFFFFFFFu, incl, r) - __popc(bits)); /* e's place in row r */
    bool mine = e < total;
    for (int k = 0; mine && k < rank; k++)
      bits &= bits - 1;
    int col = mine ? __ffs(bits) - 1 : 0;
    double acc = 0.0;
    for (int32_t at = 0; at < walk_n; at += 32) {
      int32_t qa, qb;
      unsigned hits = spgemm_chunk_pairs<32, false, true>(l, at, walk_n, &qa, &qb);
      found[0][lane] = qa;
      found[1][lane] = qb;
      __syncwarp();
      for (; hits; hits &= hits - 1) {
        int src = __ffs(hits) - 1;
        if (mine)
          acc = dot_pair(acc, a, bt, found[0][src], found[1][src], r, col);
      }
      __syncwarp(); /* the chunk's pairs are read */
    }
    if (mine) {
      c.val[base + e] = acc;
      if (LAYOUT)
        c.idx[base + e] = (uint8_t)((r << 4) | col);
    }
  }
}

/* C's tiles, a warp at a time, taken from the counter *next (zero) on one
 * wave of blocks. LAYOUT: as dot_tile's, and the last tile_nnz is
 * unpacked here. */
template <bool LAYOUT>
static __global__ void __launch_bounds__(DOT_THREADS)
    dot_kernel(int64_t nt, unsigned long long *next, dot_c c, dot_side a, dot_side bt) {
  __shared__ int32_t found_all[DOT_WARPS][2][32];
  if (LAYOUT)
    spgemm_unpack_last_tile_nnz(c.tile_nnz, nt);
  int32_t(*found)[32] = found_all[threadIdx.x >> 5];
  for (int64_t t = spgemm_grab_unit(next, 2); t < nt; t = spgemm_grab_unit(next, 2))
    dot_tile<LAYOUT>(t, c, a, bt, found);
}

amg_status spgemm_numeric_dot_device(const fmt_tile *a, const fmt_tile *bt, fmt_tile *c, const int32_t *c_row,
                                     bool layout, unsigned long long *next) {
  int64_t nt = c->num_tiles;
  if (nt == 0)
    return AMG_OK;
  static const int64_t wave = spgemm_one_wave(dot_kernel<false>, DOT_THREADS);
  int64_t blocks = (nt + DOT_WARPS - 1) / DOT_WARPS;
  blocks = blocks < wave ? blocks : wave;
  dot_c cc = {c_row, c->tile_col, c->tile_nnz, c->mask, c->row_ptr, c->idx, c->val};
  dot_side as = dot_side_of(a), bs = dot_side_of(bt);
  if (layout)
    dot_kernel<true><<<(unsigned)blocks, DOT_THREADS, 0, fmt_stream()>>>(nt, next, cc, as, bs);
  else
    dot_kernel<false><<<(unsigned)blocks, DOT_THREADS, 0, fmt_stream()>>>(nt, next, cc, as, bs);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

FMT_DEVICE_MODULE(dot_kernel<false>);
