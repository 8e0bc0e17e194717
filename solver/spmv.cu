/* y = A x, r = b - A x and one weighted-Jacobi sweep on the GPU (CPU
 * reference: spmv.c). One kernel per variant (spmv_variants.h), templated
 * on an epilogue that receives each row's sum: the residual and the Jacobi
 * sweep are the SpMV kernel with a different last line, not an SpMV
 * followed by a vector kernel.
 *
 * The operation streams the matrix once and is bound by memory bandwidth,
 * so each variant is built around which arrays it reads and how many loads
 * it keeps in flight. Per stored tile the format holds 60 B of metadata
 * (tile_col 4, tile_nnz 8, row_ptr 16, mask 32) for about 10-23 entries of
 * 9 B (idx 1, val 8), so the metadata a variant skips matters:
 *  - row:   one thread per row, tile by tile, the next tile's metadata
 *           requested before the current tile's entries, which are loaded
 *           four at a time; reads everything but idx. Fewest registers,
 *           most threads in flight.
 *  - batch: one thread per row, four tiles at a time. The row's entry
 *           offsets come from a half-warp scan of the mask popcounts
 *           (row_ptr equals that prefix, tile starts follow from the tile
 *           totals), so it reads tile_col and mask per tile, val per entry
 *           and one tile_nnz per tile row. The next four tiles' metadata
 *           are requested before the current entries are used. The four
 *           tiles go as two pairs, each a 32-bit mask word and 32-bit
 *           offsets (few instructions per entry: the kernel was issue-bound
 *           with one 64-bit word, run 39), a lane loading its row's entries
 *           of a pair four at a time; the pairs in turn, or merged into one
 *           round trip for tile rows of many tiles (batch_merged).
 *  - batch-warp: batch with both half-warps of a warp on one tile row,
 *           taking alternate groups of four tiles (for long tile rows).
 *  - stream: a warp per tile row reads the row's contiguous idx/val with
 *           fully coalesced loads and tile_nnz/tile_col per tile (no mask
 *           or row_ptr); products go to per-lane, per-local-row shared
 *           memory accumulators, summed over lanes at the end.
 *  - stream-block: stream with 2, 4 or STREAM_BLOCK_WARPS warps per tile
 *           row (stream_warps), taking alternate steps of 128 entries; for
 *           matrices with few, long tile rows (coarse levels,
 *           restrictions), where a warp or half-warp per tile row leaves
 *           the GPU idle while each walks its row alone.
 *  - list:  batch's walk and arrays, but the lane only lists its entries
 *           (offset, column) in shared memory as it goes and loads them
 *           6, 8 or 10 at a time (list_slots) across tiles and batches:
 *           batch spends a round trip and four slots per pair of tiles,
 *           which for short rows spread over many tiles (2D 5- and
 *           9-point, 3D 7-point: under one entry per lane and tile) means
 *           several round trips and mostly idle slots per row; ncu (run
 *           62) found batch issue-bound there (3 instructions issued per
 *           cycle and multiprocessor, ~4.3-4.9 warp instructions per entry).
 * x is read through the read-only path (it is reused and stays in L2);
 * the matrix through evict-first loads (read once).
 *
 * Determinism: every sum has an order fixed by the matrix structure (and
 * for stream-block the warp count, see spmv_variants.h).
 * row, batch and list add a row's products one FMA at a time in increasing
 * column order (the host's order; the host rounds the product separately,
 * so results agree to rounding, and the three agree bit for bit);
 * batch-warp adds two such partial sums;
 * stream adds each lane's products in entry order, then the 32 lane
 * partials of a row in a fixed rotation, then the two halves; stream-block
 * then adds its warps' sums in warp order. */
#include <stdint.h>

#include "amg_ops.h"
#include "device_util.cuh"
#include "spmv_variants.h"

#define SPMV_THREADS 256
#define SPMV_WARPS (SPMV_THREADS / 32)
/* row, stream and batch (pairs in turn): 6 blocks (48 warps) per SM, at most
 * 40 registers, no spills (ptxas -v, CUDA 13, sm_90); stream-block spills 48
 * bytes there and was measured faster anyway (run 33); merged batch: 4
 * blocks, 64 registers (batch_min_blocks), its Jacobi sweep spilling 12
 * bytes (measured at 83.2% of the copy bandwidth on 3D 27-point, run 43). */
#define SPMV_MIN_BLOCKS 6
#define BATCH_MERGED_TILES 8 /* mean tiles per tile row above which batch merges (batch_merged) */
#define FULL_MASK 0xFFFFFFFFu
#define BATCH 4         /* tiles per half-warp and step (batch kernels) */
#define CHUNK 4         /* entries per lane and pair loaded together (batch kernels) */
#define ROW_CHUNK 4     /* entries per thread loaded together (row kernel) */
#define STREAM_UNROLL 4 /* entries per lane and step (stream kernel): 128 per warp */
#define STREAM_BLOCK_WARPS SPMV_WARPS /* most warps per tile row (stream-block) */

/* ---- epilogues: what becomes of row i's sum s ---- */

struct spmv_out {
  double *y;
  __device__ void operator()(int64_t i, double s) const { y[i] = s; }
};

struct residual_out {
  const double *b;
  double *r;
  __device__ void operator()(int64_t i, double s) const { r[i] = __dsub_rn(b[i], s); }
};

/* Evaluated as the host does, x_in + (omega * dinv) * (b - s), without contraction. */
struct jacobi_out {
  const double *dinv, *b, *x_in;
  double omega;
  double *x_out;
  __device__ void operator()(int64_t i, double s) const {
    x_out[i] = __dadd_rn(x_in[i], __dmul_rn(__dmul_rn(omega, dinv[i]), __dsub_rn(b[i], s)));
  }
};

/* ---- row: a thread per row, tile by tile ---- */

/* A lane's metadata of one tile, as loaded (raw, so that a prefetched
 * tile's loads are not waited for until it is used). */
struct row_tile {
  unsigned mask, start; /* the row's mask bits and row_ptr */
  int64_t first;        /* tile_nnz */
  int32_t col;          /* tile_col */
};

static __device__ __forceinline__ row_tile load_row_tile(const int32_t *__restrict__ tile_col,
                                                         const int64_t *__restrict__ tile_nnz,
                                                         const uint8_t *__restrict__ row_ptr,
                                                         const uint16_t *__restrict__ mask, int64_t t,
                                                         int64_t end, int r) {
  const bool in = t < end; /* four independent loads: one round trip */
  return row_tile{in ? __ldcs(mask + FMT_TILE * t + r) : 0u, in ? __ldcs(row_ptr + FMT_TILE * t + r) : 0u,
                  in ? __ldcs(tile_nnz + t) : 0, in ? __ldcs(tile_col + t) : 0};
}

/* The next tile's metadata are requested before the current tile's
 * entries, which are loaded ROW_CHUNK at a time (all loads, then the FMAs
 * in column order). */
template <class Out>
static __global__ void __launch_bounds__(SPMV_THREADS, SPMV_MIN_BLOCKS)
    row_kernel(int32_t m, const int64_t *__restrict__ tile_ptr, const int32_t *__restrict__ tile_col,
               const int64_t *__restrict__ tile_nnz, const uint8_t *__restrict__ row_ptr,
               const uint16_t *__restrict__ mask, const double *__restrict__ val,
               const double *__restrict__ x, Out out) {
  const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= m)
    return;
  const int64_t ti = i / FMT_TILE, end = tile_ptr[ti + 1];
  const int r = (int)(i % FMT_TILE);
  double s = 0.0;
  int64_t t = tile_ptr[ti];
  row_tile cur = load_row_tile(tile_col, tile_nnz, row_ptr, mask, t, end, r);
  for (; t < end; t++) {
    const row_tile next = load_row_tile(tile_col, tile_nnz, row_ptr, mask, t + 1, end, r);
    unsigned bits = cur.mask;
    const int64_t k = cur.first + cur.start, x0 = (int64_t)cur.col * FMT_TILE;
    for (int q = 0; bits; q += ROW_CHUNK) {
      double v[ROW_CHUNK], xv[ROW_CHUNK];
      bool ok[ROW_CHUNK];
#pragma unroll
      for (int u = 0; u < ROW_CHUNK; u++) {
        ok[u] = bits != 0;
        const int c = __ffs(bits) - 1;
        bits &= bits - 1;
        v[u] = ok[u] ? __ldcs(val + k + q + u) : 0.0;
        xv[u] = ok[u] ? __ldg(x + x0 + c) : 0.0;
      }
#pragma unroll
      for (int u = 0; u < ROW_CHUNK; u++)
        if (ok[u])
          s = fma(v[u], xv[u], s);
    }
    cur = next;
  }
  out(i, s);
}

/* ---- batch and batch-warp: a thread per row, four tiles at a time ---- */

/* A lane's view of BATCH consecutive tiles, as loaded (raw, so that the
 * loads of a prefetched batch are not waited for until it is used). */
struct tile_batch {
  unsigned mask[BATCH]; /* the lane's row of each tile; 0 past the tile row */
  int32_t col[BATCH];   /* tile_col */
};

static __device__ __forceinline__ tile_batch load_batch(const int32_t *__restrict__ tile_col,
                                                        const uint16_t *__restrict__ mask, int64_t t,
                                                        int64_t end, int r) {
  tile_batch b;
#pragma unroll
  for (int j = 0; j < BATCH; j++) {
    bool in = t + j < end;
    b.mask[j] = in ? __ldcs(mask + FMT_TILE * (t + j) + r) : 0u;
    b.col[j] = in ? __ldcs(tile_col + t + j) : 0;
  }
  return b;
}

/* Blocks per multiprocessor the batch kernels are compiled for: 6 (40
 * registers, the most threads) for "batch" with the pairs in turn, 4 (64
 * registers, twice the loads in flight) merged; "batch-warp" as the
 * compiler likes (forced to 6 it spills). */
static constexpr int batch_min_blocks(int halves, bool merged) {
  return halves == 2 ? 1 : merged ? 4 : SPMV_MIN_BLOCKS;
}

/* One pair of consecutive tiles a, b of a batch, as the lane sees it: w
 * holds its row of both masks (a in bits 0-15, b in 16-31); the lane's
 * k-th entry of the pair is vb[rel_a + k] in tile a and vb[rel_b + k] in
 * tile b; its column is col_a + c or col_b + c, c being the bit's position
 * in its half. 32-bit arithmetic: rel + k < 1024 (batch_kernel) and the
 * columns are below n <= INT32_MAX (tile_col * 16 + 15 <= 2^31 - 1). */
struct tile_pair {
  unsigned w;
  int rel_a, rel_b;
  unsigned col_a, col_b;
};

/* Loads the pair's next CHUNK entries of the lane (k of them taken
 * already) into v, xv; ok[u] says whether slot u holds one. */
static __device__ __forceinline__ void load_pair_chunk(tile_pair &p, int k, bool take,
                                                       const double *__restrict__ vb,
                                                       const double *__restrict__ x, double v[CHUNK],
                                                       double xv[CHUNK], bool ok[CHUNK]) {
#pragma unroll
  for (int u = 0; u < CHUNK; u++) {
    ok[u] = take && p.w != 0;
    const int b = __ffs(p.w) - 1;
    if (take)
      p.w &= p.w - 1;
    const bool in_b = b >= 16;
    v[u] = ok[u] ? __ldcs(vb + ((in_b ? p.rel_b : p.rel_a) + k + u)) : 0.0;
    xv[u] = ok[u] ? __ldg(x + ((in_b ? p.col_b : p.col_a) + (unsigned)(b & 15))) : 0.0;
  }
}

/* s plus the loaded slots' products, one FMA each in slot order. */
static __device__ __forceinline__ double add_chunk(const double v[CHUNK], const double xv[CHUNK],
                                                   const bool ok[CHUNK], double s) {
#pragma unroll
  for (int u = 0; u < CHUNK; u++)
    if (ok[u])
      s = fma(v[u], xv[u], s);
  return s;
}

/* Adds the lane's entries of one pair to s, CHUNK at a time. */
static __device__ __forceinline__ double add_pair(tile_pair p, const double *__restrict__ vb,
                                                  const double *__restrict__ x, double s) {
  for (int k = 0; p.w; k += CHUNK) {
    double v[CHUNK], xv[CHUNK];
    bool ok[CHUNK];
    load_pair_chunk(p, k, true, vb, x, v, xv, ok);
    s = add_chunk(v, xv, ok, s);
  }
  return s;
}

/* Adds the lane's entries of the batch's two pairs (tiles 0-1, then 2-3)
 * to s in increasing (tile, column) order, the host's order.
 * MERGED false: the pairs in turn, CHUNK loads in flight per round trip.
 * MERGED true: each round loads CHUNK entries of the first pair and, once
 * the first pair's last entries are among them, CHUNK of the second, so
 * that one round trip serves both pairs (twice the loads in flight, and
 * twice the registers for them) while the order stays the host's. */
template <bool MERGED>
static __device__ __forceinline__ double add_batch(tile_pair p0, tile_pair p1, const double *__restrict__ vb,
                                                   const double *__restrict__ x, double s) {
  if constexpr (!MERGED) {
    return add_pair(p1, vb, x, add_pair(p0, vb, x, s));
  } else {
    for (int k0 = 0, k1 = 0; p0.w | p1.w; k0 += CHUNK) {
      double v0[CHUNK], x0[CHUNK], v1[CHUNK], x1[CHUNK];
      bool ok0[CHUNK], ok1[CHUNK];
      const bool second = __popc(p0.w) <= CHUNK;
      load_pair_chunk(p0, k0, true, vb, x, v0, x0, ok0);
      load_pair_chunk(p1, k1, second, vb, x, v1, x1, ok1);
      s = add_chunk(v1, x1, ok1, add_chunk(v0, x0, ok0, s));
      k1 += second ? CHUNK : 0;
    }
    return s;
  }
}

/* The lane's two pairs of batch b, offsets relative to where the batch's
 * tiles begin (see batch_kernel), and the batch's entry count. Called by
 * all 16 lanes of the half-warp. */
static __device__ __forceinline__ int batch_pairs(const tile_batch &b, tile_pair &p0, tile_pair &p1) {
  const int c0 = __popc(b.mask[0]), c2 = __popc(b.mask[2]);
  int tot01, tot23;
  const int ex01 = fmt_half_warp_exclusive_sum(c0 | __popc(b.mask[1]) << 16, &tot01);
  const int ex23 = fmt_half_warp_exclusive_sum(c2 | __popc(b.mask[3]) << 16, &tot23);
  const int t0 = tot01 & 0xFFFF, t01 = t0 + (tot01 >> 16), t012 = t01 + (tot23 & 0xFFFF);
  p0 = {b.mask[0] | b.mask[1] << 16, ex01 & 0xFFFF, t0 + (ex01 >> 16) - c0, (unsigned)b.col[0] * FMT_TILE,
        (unsigned)b.col[1] * FMT_TILE};
  p1 = {b.mask[2] | b.mask[3] << 16, t01 + (ex23 & 0xFFFF), t012 + (ex23 >> 16) - c2,
        (unsigned)b.col[2] * FMT_TILE, (unsigned)b.col[3] * FMT_TILE};
  return t012 + (tot23 >> 16);
}

/* HALVES half-warps per tile row (1 or 2); lane r of a half owns row
 * 16*ti + r. Step s of the tile row covers tiles start + 8s .. (HALVES 2) or
 * start + 4s .. (HALVES 1); half h takes the four beginning at 4h.
 *
 * Offsets: with cnt_j = popcount of the lane's mask in tile j, ex_j the
 * exclusive half-warp scan of cnt_j (entries of tile j in rows above r) and
 * T_j the tile's total, the lane's q-th entry in tile j sits at
 *   base + (T_0 + .. + T_{j-1}) + ex_j + q,
 * base being where the half's four tiles begin. The tiles go in pairs
 * (0, 1) and (2, 3); numbering the lane's entries of a pair k = 0, 1, ..,
 * the position is base + rel + k with rel_0 = ex_0, rel_1 = T_0 + ex_1 -
 * cnt_0, rel_2 = T_0 + T_1 + ex_2, rel_3 = T_0 + T_1 + T_2 + ex_3 - cnt_2,
 * and rel + k < 1024. Two packed 16-bit scans give all four ex_j and T_j (a
 * field never exceeds 256). */
template <int HALVES, bool MERGED, class Out>
static __global__ void __launch_bounds__(SPMV_THREADS, batch_min_blocks(HALVES, MERGED))
    batch_kernel(int32_t m, int32_t tile_m, const int64_t *__restrict__ tile_ptr,
                 const int32_t *__restrict__ tile_col, const int64_t *__restrict__ tile_nnz,
                 const uint16_t *__restrict__ mask, const double *__restrict__ val,
                 const double *__restrict__ x, Out out) {
  const int64_t ti = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / (FMT_TILE * HALVES);
  const int r = threadIdx.x & 15, h = HALVES == 2 ? (threadIdx.x >> 4) & 1 : 0;
  if (ti >= tile_m)
    return; /* the whole half-warp (HALVES 1) or warp (HALVES 2) */
  const int64_t start = tile_ptr[ti], end = tile_ptr[ti + 1];
  const int64_t step = BATCH * HALVES;
  double s = 0.0;
  if (start < end) {
    const double *vb = val + tile_nnz[start]; /* where this step's tiles begin */
    tile_batch cur = load_batch(tile_col, mask, start + BATCH * h, end, r);
    for (int64_t t = start; t < end; t += step) {
      tile_batch next = load_batch(tile_col, mask, t + step + BATCH * h, end, r);
      tile_pair p0, p1;
      const int mine = batch_pairs(cur, p0, p1); /* entries in this half's four tiles */
      const double *my_vb = vb;
      if (HALVES == 2) {
        const int other = __shfl_xor_sync(FULL_MASK, mine, 16);
        my_vb += h ? other : 0;
        vb += mine + other;
      } else {
        vb += mine;
      }
      s = add_batch<MERGED>(p0, p1, my_vb, x, s);
      cur = next;
    }
  }
  if (HALVES == 2)
    s += __shfl_xor_sync(FULL_MASK, s, 16); /* s0 + s1 in both halves (addition commutes) */
  const int64_t i = ti * FMT_TILE + r;
  if (h == 0 && i < m)
    out(i, s);
}

/* ---- list: a thread per row, entries listed first, loaded R at a time ---- */

/* Blocks per multiprocessor list_kernel is compiled for: 5 with 6 slots (48
 * registers), 4 with 8 or 10 (62-64 registers); none spills more than 4
 * bytes (ptxas -v, CUDA 13, sm_90). */
static constexpr int list_min_blocks(int slots) { return slots <= 6 ? 5 : 4; }

/* Loads the lane's n <= R listed entries (list[u * SPMV_THREADS] = {offset
 * from vb, column}) in one round trip and adds them to s in list order. */
template <int R>
static __device__ __forceinline__ double add_listed(const uint2 *list, int n, const double *__restrict__ vb,
                                                    const double *__restrict__ x, double s) {
  double v[R], xv[R];
#pragma unroll
  for (int u = 0; u < R; u++) {
    const bool ok = u < n;
    const uint2 e = ok ? list[u * SPMV_THREADS] : make_uint2(0u, 0u);
    v[u] = ok ? __ldcs(vb + e.x) : 0.0;
    xv[u] = ok ? __ldg(x + e.y) : 0.0;
  }
#pragma unroll
  for (int u = 0; u < R; u++)
    if (u < n)
      s = fma(v[u], xv[u], s);
  return s;
}

/* Lists the lane's entries of pair p (offsets from the tile row's first
 * entry: base + rel + q), adding them to s whenever R are listed. */
template <int R>
static __device__ __forceinline__ double list_pair(tile_pair p, unsigned base, uint2 *list, int &n,
                                                   const double *__restrict__ vb, const double *__restrict__ x,
                                                   double s) {
  for (unsigned q = base; p.w; q++) {
    const int b = __ffs(p.w) - 1;
    p.w &= p.w - 1;
    const bool in_b = b >= 16;
    list[n * SPMV_THREADS] = make_uint2((in_b ? p.rel_b : p.rel_a) + q, (in_b ? p.col_b : p.col_a) + (b & 15));
    if (++n == R) {
      s = add_listed<R>(list, R, vb, x, s);
      n = 0;
    }
  }
  return s;
}

/* A half-warp per tile row, lane r owning row 16*ti + r, walking the tile
 * row four tiles at a time as batch does (metadata of the next four
 * requested first, the same half-warp scans for the entry offsets); but
 * instead of loading each pair's entries in CHUNK slots of their own, the
 * lane lists its entries (offset from the tile row's first entry, column)
 * in shared memory and loads them R at a time, across tiles and batches:
 * a row of up to R entries costs one round trip and R slots, however its
 * entries spread over the tiles. Entry u of thread t's list is
 * lists[u * SPMV_THREADS + t] (consecutive threads, consecutive 8-byte
 * words: no bank conflicts whatever each lane's count). Offsets are 32-bit:
 * the matrix has fewer than 2^31 entries (launch). */
template <int R, class Out>
static __global__ void __launch_bounds__(SPMV_THREADS, list_min_blocks(R))
    list_kernel(int32_t m, int32_t tile_m, const int64_t *__restrict__ tile_ptr,
                const int32_t *__restrict__ tile_col, const int64_t *__restrict__ tile_nnz,
                const uint16_t *__restrict__ mask, const double *__restrict__ val,
                const double *__restrict__ x, Out out) {
  __shared__ uint2 lists[R * SPMV_THREADS];
  const int64_t ti = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / FMT_TILE;
  const int r = threadIdx.x & 15;
  if (ti >= tile_m)
    return;
  const int64_t start = tile_ptr[ti], end = tile_ptr[ti + 1];
  double s = 0.0;
  if (start < end) {
    const double *vb = val + tile_nnz[start];
    uint2 *list = lists + threadIdx.x;
    int n = 0;
    unsigned base = 0;
    tile_batch cur = load_batch(tile_col, mask, start, end, r);
    for (int64_t t = start; t < end; t += BATCH) {
      tile_batch next = load_batch(tile_col, mask, t + BATCH, end, r);
      tile_pair p0, p1;
      const int total = batch_pairs(cur, p0, p1);
      s = list_pair<R>(p0, base, list, n, vb, x, s);
      s = list_pair<R>(p1, base, list, n, vb, x, s);
      base += total;
      cur = next;
    }
    if (n > 0)
      s = add_listed<R>(list, n, vb, x, s);
  }
  const int64_t i = ti * FMT_TILE + r;
  if (i < m)
    out(i, s);
}

/* ---- stream: a warp per tile row over its contiguous entries ---- */

/* OR of v over the warp (all lanes present). */
static __device__ __forceinline__ unsigned warp_or(unsigned v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __reduce_or_sync(FULL_MASK, v);
#else
  for (int d = 16; d > 0; d >>= 1)
    v |= __shfl_xor_sync(FULL_MASK, v, d);
  return v;
#endif
}

/* The tile row's tiles are taken in windows of up to 32 (lane j holds tile
 * w + j's first entry and column), the window's entries in steps of 128:
 * entry c + 32u + lane goes to lane `lane`. Its tile is jc (the tile
 * holding c) plus the number of tiles starting in (c, entry]; those starts
 * form a 128-bit map (four words) built by OR over the window's lanes.
 * acc[row][lane] is lane-private until the final sum (bank = lane % 16,
 * conflict-free); there lanes 2r and 2r+1 sum halves of row r, each
 * starting at a different rotation so the 16 lanes of a half-warp read 16
 * different banks. WARPS > 1: WARPS consecutive warps of the block share a
 * tile row, warp g of them taking steps g, g + WARPS, ... of every window;
 * their row sums are then added in warp order. */
template <int WARPS, class Out>
static __global__ void __launch_bounds__(SPMV_THREADS, SPMV_MIN_BLOCKS)
    stream_kernel(int32_t m, int32_t tile_m, const int64_t *__restrict__ tile_ptr,
                  const int32_t *__restrict__ tile_col, const int64_t *__restrict__ tile_nnz,
                  const uint8_t *__restrict__ idx, const double *__restrict__ val,
                  const double *__restrict__ x, Out out) {
  __shared__ double acc_all[SPMV_WARPS][FMT_TILE][32];
  __shared__ double warp_sum[WARPS > 1 ? SPMV_WARPS : 1][FMT_TILE];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, step_first = warp % WARPS;
  const int64_t ti = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / (32 * WARPS);
  if (WARPS == 1 && ti >= tile_m)
    return; /* the whole warp; with WARPS > 1 every warp must reach the barrier */
  const bool active = ti < tile_m;
  double(*acc)[32] = acc_all[warp];
#pragma unroll
  for (int r = 0; r < FMT_TILE; r++)
    acc[r][lane] = 0.0;
  const int64_t start = active ? tile_ptr[ti] : 0, end = active ? tile_ptr[ti + 1] : 0;
  const unsigned up_to_lane = (2u << lane) - 1u; /* bits 0..lane */
  for (int64_t w = start; w < end; w += 32) {
    const int nw = end - w < 32 ? (int)(end - w) : 32;
    const int64_t first = lane < nw ? __ldcs(tile_nnz + w + lane) : INT64_MAX;
    const int64_t col = lane < nw ? (int64_t)__ldcs(tile_col + w + lane) * FMT_TILE : 0;
    const int64_t lo = __shfl_sync(FULL_MASK, first, 0);
    const int64_t hi = tile_nnz[w + nw];
    for (int64_t c = lo + 32 * STREAM_UNROLL * step_first; c < hi; c += 32 * STREAM_UNROLL * WARPS) {
      uint8_t id[STREAM_UNROLL];
      double v[STREAM_UNROLL], xv[STREAM_UNROLL];
#pragma unroll
      for (int u = 0; u < STREAM_UNROLL; u++) {
        const int64_t e = c + 32 * u + lane;
        id[u] = e < hi ? __ldcs(idx + e) : (uint8_t)0;
        v[u] = e < hi ? __ldcs(val + e) : 0.0;
      }
      const int64_t d = first - c;
      int j = __popc(__ballot_sync(FULL_MASK, first <= c)) - 1;
#pragma unroll
      for (int u = 0; u < STREAM_UNROLL; u++) {
        const bool here = d > 0 && d < 32 * STREAM_UNROLL && (int)(d >> 5) == u;
        const unsigned starts = warp_or(here ? 1u << (d & 31) : 0u);
        const int64_t tc = __shfl_sync(FULL_MASK, col, (j + __popc(starts & up_to_lane)) & 31);
        j += __popc(starts);
        xv[u] = c + 32 * u + lane < hi ? __ldg(x + tc + (id[u] & 15)) : 0.0;
      }
#pragma unroll
      for (int u = 0; u < STREAM_UNROLL; u++)
        if (c + 32 * u + lane < hi) {
          double *a = &acc[id[u] >> 4][lane];
          *a = fma(v[u], xv[u], *a);
        }
    }
  }
  __syncwarp();
  const int r = lane >> 1, half = lane & 1;
  double part = 0.0;
#pragma unroll
  for (int q = 0; q < 16; q++)
    part += acc[r][16 * half + ((q + lane) & 15)];
  part += __shfl_xor_sync(FULL_MASK, part, 1); /* same sum in both lanes (addition commutes) */
  if (WARPS > 1) {
    if (half == 0)
      warp_sum[warp][r] = part;
    __syncthreads();
    if (step_first != 0 || !active)
      return;
    part = warp_sum[warp][r];
#pragma unroll
    for (int g = 1; g < WARPS; g++)
      part += warp_sum[warp + g][r];
  }
  const int64_t i = ti * FMT_TILE + r;
  if (half == 0 && i < m)
    out(i, part);
}

/* ---- dispatch ---- */

/* Warps per tile row for the stream kernels (1, 2, 4 or STREAM_BLOCK_WARPS):
 * fmt_workers_per_row over the tile rows' mean count of 128-entry steps,
 * with SPMV_MIN_BLOCKS blocks resident per multiprocessor (the H100's
 * occupancy; a GPU with less shared memory holds fewer). */
static int stream_warps(const fmt_tile *a) {
  const int64_t per_step = 32 * STREAM_UNROLL, rows = a->tile_m > 0 ? a->tile_m : 1;
  const int64_t steps = (a->nnz + rows * per_step - 1) / (rows * per_step);
  const int64_t resident = (int64_t)fmt_device_multiprocessors() * SPMV_MIN_BLOCKS * SPMV_WARPS;
  return fmt_workers_per_row(rows, steps, resident, STREAM_BLOCK_WARPS);
}

/* The merged batch form when the tile rows average more than
 * BATCH_MERGED_TILES tiles (several batches each, so a thread's round trips
 * to memory, not the threads in flight, bound the time); the pairs in
 * turn, with 1.5x the threads resident, otherwise. Run 42 (H100, % of the
 * copy bandwidth, pairs in turn / merged): 2D 5-point (5.0 tiles per tile
 * row) 75.2 / 67.7, 2D 9-point (8.9) 78.3 / 77.9 (a tie, within run-to-run
 * noise), 3D 7-point (10.9) 69.3 / 70.4, 3D 27-point (18.8) 76.2 / 84.3.
 * amg_spmv_set_batch_form overrides. */
static bool batch_merged(const fmt_tile *a) {
  const int form = amg_spmv_get_batch_form();
  if (form != AMG_SPMV_BATCH_FORM_MODEL)
    return form == AMG_SPMV_BATCH_FORM_MERGED;
  return a->num_tiles > (int64_t)BATCH_MERGED_TILES * a->tile_m;
}

/* Slots per round of the list kernel: the fewest of 6, 8 and 10 that hold
 * a row of the matrix's mean length, so that a typical row takes one round
 * trip. Run 64 (H100, y = A x, us, list with 6 / 8 / 10 slots): 2D 5-point
 * (5.0 entries per row) 30.68 / 31.34 / 34.70, 3D 7-point (6.9) 56.66 /
 * 41.20 / 44.55, 2D 9-point (9.0) 59.02 / 52.14 / 47.66; batch 32.65,
 * 48.97, 50.89. amg_spmv_set_list_slots overrides. */
static int list_slots(const fmt_tile *a) {
  if (amg_spmv_get_list_slots())
    return amg_spmv_get_list_slots();
  const int64_t m = a->m > 0 ? a->m : 1;
  return a->nnz <= 6 * m ? 6 : a->nnz <= 8 * m ? 8 : 10;
}

/* Whether AUTO takes list: for a square matrix (an operator: stencil rows
 * of uniform length) when its rows average at most AMG_SPMV_SHORT_ROWS
 * entries; for a rectangular one (a prolongator, whose rows count the
 * aggregates a stencil touches and vary in length) only when they average
 * at most AMG_SPMV_SHORT_ROWS_RECT, so that nearly every row fits one
 * round of 6 (see spmv_variants.h). */
static bool list_suits(const fmt_tile *a) {
  const int64_t mean_limit = a->m == a->n ? AMG_SPMV_SHORT_ROWS : AMG_SPMV_SHORT_ROWS_RECT;
  return a->nnz <= mean_limit * a->m;
}

/* The arguments of batch_kernel and list_kernel, which read the same arrays. */
#define BATCH_ARGS a->m, a->tile_m, a->tile_ptr, a->tile_col, a->tile_nnz, a->mask, a->val, x, out

template <class Out>
static void launch_list(const fmt_tile *a, const double *x, Out out, cudaStream_t st) {
  const unsigned blocks = fmt_blocks(a->tile_m, FMT_TILE, SPMV_THREADS);
  switch (list_slots(a)) {
  case 6: list_kernel<6><<<blocks, SPMV_THREADS, 0, st>>>(BATCH_ARGS); break;
  case 8: list_kernel<8><<<blocks, SPMV_THREADS, 0, st>>>(BATCH_ARGS); break;
  default: list_kernel<10><<<blocks, SPMV_THREADS, 0, st>>>(BATCH_ARGS); break;
  }
}

template <int WARPS, class Out>
static void launch_stream(const fmt_tile *a, const double *x, Out out, cudaStream_t st) {
  stream_kernel<WARPS><<<fmt_blocks(a->tile_m, 32 * WARPS, SPMV_THREADS), SPMV_THREADS, 0, st>>>(
      a->m, a->tile_m, a->tile_ptr, a->tile_col, a->tile_nnz, a->idx, a->val, x, out);
}

template <class Out>
static amg_status launch(const fmt_tile *a, const double *x, Out out) {
  if (a->m == 0)
    return AMG_OK;
  const cudaStream_t st = fmt_stream();
  int variant = amg_spmv_get_variant(), warps = 1;
  if (variant == AMG_SPMV_AUTO || variant == AMG_SPMV_STREAM_BLOCK)
    warps = stream_warps(a);
  if (variant == AMG_SPMV_STREAM_BLOCK)
    warps = amg_spmv_get_stream_warps() ? amg_spmv_get_stream_warps() : warps > 1 ? warps : 2;
  if (variant == AMG_SPMV_AUTO)
    variant = warps > 1                                       ? AMG_SPMV_STREAM_BLOCK
              : a->nnz > (int64_t)AMG_SPMV_LONG_ROWS * a->m ? AMG_SPMV_STREAM
              : list_suits(a)                               ? AMG_SPMV_LIST
                                                            : AMG_SPMV_BATCH;
  switch (variant) {
  case AMG_SPMV_ROW:
    row_kernel<<<fmt_blocks(a->m, 1, SPMV_THREADS), SPMV_THREADS, 0, st>>>(
        a->m, a->tile_ptr, a->tile_col, a->tile_nnz, a->row_ptr, a->mask, a->val, x, out);
    break;
  case AMG_SPMV_LIST:
    if (a->nnz <= INT32_MAX) { /* list_kernel's offsets are 32-bit */
      launch_list(a, x, out, st);
      break;
    }
    [[fallthrough]]; /* batch: the same order of sums, the same results */
  case AMG_SPMV_BATCH: {
    const unsigned blocks = fmt_blocks(a->tile_m, FMT_TILE, SPMV_THREADS);
    if (batch_merged(a))
      batch_kernel<1, true><<<blocks, SPMV_THREADS, 0, st>>>(BATCH_ARGS);
    else
      batch_kernel<1, false><<<blocks, SPMV_THREADS, 0, st>>>(BATCH_ARGS);
    break;
  }
  case AMG_SPMV_BATCH_WARP:
    batch_kernel<2, false><<<fmt_blocks(a->tile_m, 2 * FMT_TILE, SPMV_THREADS), SPMV_THREADS, 0, st>>>(
        BATCH_ARGS);
    break;
  case AMG_SPMV_STREAM:
    launch_stream<1>(a, x, out, st);
    break;
  case AMG_SPMV_STREAM_BLOCK:
    if (warps == 2)
      launch_stream<2>(a, x, out, st);
    else if (warps == 4)
      launch_stream<4>(a, x, out, st);
    else
      launch_stream<STREAM_BLOCK_WARPS>(a, x, out, st);
    break;
  default:
    return amg_error(AMG_ERR_ARG, "spmv: unknown kernel variant %d", variant);
  }
#undef BATCH_ARGS
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

extern "C" amg_status amg_spmv_device(const fmt_tile *a, const double *x, double *y) {
  amg_status s = amg_spmv_check_args("spmv_device", a, FMT_DEVICE, x, y);
  if (s != AMG_OK)
    return s;
  return launch(a, x, spmv_out{y});
}

extern "C" amg_status amg_residual_device(const fmt_tile *a, const double *b, const double *x, double *r) {
  amg_status s = amg_spmv_check_args("residual_device", a, FMT_DEVICE, x, r);
  if (s != AMG_OK)
    return s;
  if (a->m > 0 && !b)
    return amg_error(AMG_ERR_ARG, "residual_device: NULL right-hand side");
  return launch(a, x, residual_out{b, r});
}

extern "C" amg_status amg_jacobi_device(const fmt_tile *a, const double *dinv, double omega, const double *b,
                                        const double *x_in, double *x_out) {
  amg_status s = amg_spmv_check_args("jacobi_device", a, FMT_DEVICE, x_in, x_out);
  if (s != AMG_OK)
    return s;
  if (a->m != a->n)
    return amg_error(AMG_ERR_NOT_SQUARE, "jacobi_device: the matrix is %d x %d", a->m, a->n);
  if (a->m > 0 && (!dinv || !b))
    return amg_error(AMG_ERR_ARG, "jacobi_device: NULL dinv or right-hand side");
  return launch(a, x_in, jacobi_out{dinv, b, x_in, omega, x_out});
}

FMT_DEVICE_MODULE(row_kernel<spmv_out>);
