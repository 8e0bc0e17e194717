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
 *           are requested before the current entries are used, and each
 *           lane loads its row's entries of the four tiles four at a time.
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
 * x is read through the read-only path (it is reused and stays in L2);
 * the matrix through evict-first loads (read once).
 *
 * Determinism: every sum has an order fixed by the matrix structure (and
 * for stream-block the warp count, see spmv_variants.h).
 * row and batch add a row's products one FMA at a time in increasing
 * column order (the host's order; the host rounds the product separately,
 * so results agree to rounding, and row and batch agree bit for bit);
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
/* row and stream: 6 blocks (48 warps) per SM, at most 40 registers, no spills
 * (ptxas -v, CUDA 13, sm_90); stream-block spills 48 bytes there and was
 * measured faster anyway (run 33); the batch kernels need ~60 and spill if
 * forced lower. */
#define SPMV_MIN_BLOCKS 6
#define FULL_MASK 0xFFFFFFFFu
#define BATCH 4         /* tiles per half-warp and step (batch kernels) */
#define CHUNK 4         /* entries per lane loaded together (batch kernels) */
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

/* v[j] for a run-time j in 0..3 without indexing a register array (which
 * would put it in local memory). */
static __device__ __forceinline__ int32_t pick4(const int32_t v[BATCH], int j) {
  return (j & 2) ? ((j & 1) ? v[3] : v[2]) : ((j & 1) ? v[1] : v[0]);
}

/* HALVES half-warps per tile row (1 or 2); lane r of a half owns row
 * 16*ti + r. Step s of the tile row covers tiles start + 8s .. (HALVES 2) or
 * start + 4s .. (HALVES 1); half h takes the four beginning at 4h.
 *
 * Offsets: with cnt_j = popcount of the lane's mask in tile j, ex_j the
 * exclusive half-warp scan of cnt_j (entries of tile j in rows above r) and
 * T_j the tile's total, the lane's q-th entry in tile j sits at
 *   base + (T_0 + .. + T_{j-1}) + ex_j + q,
 * base being where the half's four tiles begin. Numbering the lane's
 * entries of the batch k = 0, 1, .. in (tile, column) order, q = k -
 * (cnt_0 + .. + cnt_{j-1}), so the position is base + rel_j + k with
 * rel_j = sum T_<j + ex_j - sum cnt_<j, in [0, 1024]: four 16-bit fields
 * of one 64-bit word. Two packed 16-bit scans give all four ex_j and T_j
 * (a field never exceeds 256). */
template <int HALVES, class Out>
static __global__ void __launch_bounds__(SPMV_THREADS)
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
    int64_t base = tile_nnz[start];
    tile_batch cur = load_batch(tile_col, mask, start + BATCH * h, end, r);
    for (int64_t t = start; t < end; t += step) {
      tile_batch next = load_batch(tile_col, mask, t + step + BATCH * h, end, r);
      const int c0 = __popc(cur.mask[0]), c1 = __popc(cur.mask[1]);
      const int c2 = __popc(cur.mask[2]), c3 = __popc(cur.mask[3]);
      int tot01, tot23;
      const int ex01 = fmt_half_warp_exclusive_sum(c0 | c1 << 16, &tot01);
      const int ex23 = fmt_half_warp_exclusive_sum(c2 | c3 << 16, &tot23);
      const int s1 = tot01 & 0xFFFF, s2 = s1 + (tot01 >> 16), s3 = s2 + (tot23 & 0xFFFF);
      const int mine = s3 + (tot23 >> 16); /* entries in this half's four tiles */
      const uint64_t rel = (uint64_t)(ex01 & 0xFFFF) |
                           (uint64_t)(s1 + (ex01 >> 16) - c0) << 16 |
                           (uint64_t)(s2 + (ex23 & 0xFFFF) - c0 - c1) << 32 |
                           (uint64_t)(s3 + (ex23 >> 16) - c0 - c1 - c2) << 48;
      int64_t my_base = base;
      if (HALVES == 2) {
        const int other = __shfl_xor_sync(FULL_MASK, mine, 16);
        my_base += h ? other : 0;
        base += mine + other;
      } else {
        base += mine;
      }
      uint64_t bits = (uint64_t)cur.mask[0] | (uint64_t)cur.mask[1] << 16 |
                      (uint64_t)cur.mask[2] << 32 | (uint64_t)cur.mask[3] << 48;
      for (int k = 0; bits; k += CHUNK) {
        double v[CHUNK], xv[CHUNK];
        bool ok[CHUNK];
#pragma unroll
        for (int u = 0; u < CHUNK; u++) {
          ok[u] = bits != 0;
          int64_t p = 0, col = 0;
          if (ok[u]) {
            const int b = __ffsll((long long)bits) - 1;
            bits &= bits - 1;
            const int j = b >> 4;
            p = my_base + (int64_t)((rel >> (16 * j)) & 0xFFFF) + k + u;
            col = (int64_t)pick4(cur.col, j) * FMT_TILE + (b & 15);
          }
          v[u] = ok[u] ? __ldcs(val + p) : 0.0;
          xv[u] = ok[u] ? __ldg(x + col) : 0.0;
        }
#pragma unroll
        for (int u = 0; u < CHUNK; u++)
          if (ok[u])
            s = fma(v[u], xv[u], s);
      }
      cur = next;
    }
  }
  if (HALVES == 2)
    s += __shfl_xor_sync(FULL_MASK, s, 16); /* s0 + s1 in both halves (addition commutes) */
  const int64_t i = ti * FMT_TILE + r;
  if (h == 0 && i < m)
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
                                                             : AMG_SPMV_BATCH;
  switch (variant) {
  case AMG_SPMV_ROW:
    row_kernel<<<fmt_blocks(a->m, 1, SPMV_THREADS), SPMV_THREADS, 0, st>>>(
        a->m, a->tile_ptr, a->tile_col, a->tile_nnz, a->row_ptr, a->mask, a->val, x, out);
    break;
  case AMG_SPMV_BATCH:
    batch_kernel<1><<<fmt_blocks(a->tile_m, FMT_TILE, SPMV_THREADS), SPMV_THREADS, 0, st>>>(
        a->m, a->tile_m, a->tile_ptr, a->tile_col, a->tile_nnz, a->mask, a->val, x, out);
    break;
  case AMG_SPMV_BATCH_WARP:
    batch_kernel<2><<<fmt_blocks(a->tile_m, 2 * FMT_TILE, SPMV_THREADS), SPMV_THREADS, 0, st>>>(
        a->m, a->tile_m, a->tile_ptr, a->tile_col, a->tile_nnz, a->mask, a->val, x, out);
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
