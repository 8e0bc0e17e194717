/* A scan inside the counting kernel itself, with no scan launch and no
 * copy: for small products the launches and copies, not the work, set the
 * time.
 *
 * The kernel runs one wave of blocks (spgemm_scan_grid). Each block has
 * `units` units (a warp, a half-warp or a group of them), and each unit
 * counts `len` consecutive items, keeping a running sum: it stores every
 * item's exclusive prefix within the unit and leaves its total in shared
 * memory. No barrier is needed while units count. Then
 * spgemm_scan_units turns the unit totals into prefixes within the block
 * and the block's total, and the block that finishes last (an integer
 * ticket) turns the block totals into exclusive prefixes and writes the
 * grand total to the host-mapped mailbox (fmt_host_mailbox), which the host
 * reads after one stream sync. An item's prefix is the sum of the three
 * levels (spgemm_scan_prefix). Integer sums in a fixed order, so nothing
 * depends on timing.
 *
 * The ticket is a __device__ counter of the calling source file's kernels,
 * reset by the last block: this relies on the library's single stream,
 * which never runs two of those launches at once. */
#ifndef SPGEMM_LAST_BLOCK_SCAN_CUH
#define SPGEMM_LAST_BLOCK_SCAN_CUH

#include <cub/block/block_scan.cuh>

#include "device_util.cuh"

/* Blocks of `threads` threads of `kernel` that the GPU holds at once. */
template <typename Kernel>
static int64_t spgemm_one_wave(Kernel kernel, int threads) {
  int per_sm = 0;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, 0) != cudaSuccess ||
      per_sm < 1) {
    (void)cudaGetLastError(); /* so the next launch check does not report this */
    per_sm = 1;
  }
  return (int64_t)per_sm * fmt_device_multiprocessors();
}

/* The grid for items >= 1 items: at most wave blocks of `units` units, each
 * unit taking *len consecutive items, and no block without items. */
static inline void spgemm_scan_grid(int64_t items, int units, int64_t wave, int64_t *blocks, int64_t *len) {
  int64_t most = wave * units;
  *len = (items + most - 1) / most;
  int64_t used = (items + *len - 1) / *len;
  *blocks = (used + units - 1) / units;
}

/* How a counting kernel runs: fused (the three levels above), or, when its
 * units would each count more than SPGEMM_SCAN_MAX_LEN items, on a full
 * grid with one item per unit, its counts scanned by CUB afterwards: the
 * one wave's fixed ranges load units unevenly, which cost level-0 products
 * 5-10% (run 52), where a scan launch and a copy cost little. */
#define SPGEMM_SCAN_MAX_LEN 4
struct spgemm_scan_layout {
  bool fused;
  int units;
  int64_t len, blocks;
};
/* One item per unit on a full grid, for a CUB scan afterwards. */
static inline spgemm_scan_layout spgemm_scan_unfused(int64_t items, int units) {
  return spgemm_scan_layout{false, units, 1, (items + units - 1) / units};
}

static inline spgemm_scan_layout spgemm_scan_plan(int64_t items, int units, int64_t wave) {
  spgemm_scan_layout l = {items > 0, units, 1, 0};
  if (items <= 0)
    return l; /* nothing to count, no scratch */
  spgemm_scan_grid(items, units, wave, &l.blocks, &l.len);
  if (l.len > SPGEMM_SCAN_MAX_LEN)
    l = spgemm_scan_unfused(items, units);
  return l;
}

/* Entries of the scratch a fused layout needs: the units' prefixes
 * (blocks * units), then the blocks' (blocks). */
static inline int64_t spgemm_scan_scratch(const spgemm_scan_layout &l) {
  return l.fused ? l.blocks * (l.units + 1) : 0;
}

struct spgemm_int64_sum {
  __device__ int64_t operator()(int64_t x, int64_t y) const { return x + y; }
};

static __device__ __forceinline__ int64_t spgemm_load_cg(const int64_t *p) { return __ldcg(p); }
static __device__ __forceinline__ fmt_tile_count spgemm_load_cg(const fmt_tile_count *p) {
  return fmt_tile_count{__ldcg(&p->tiles), __ldcg(&p->nnz)};
}

/* Called by every thread of every block once its units' totals are in
 * unit_total[0..units) (shared memory). Leaves in scratch unit k's prefix
 * within block b at [b * units + k] and block b's exclusive prefix at
 * [gridDim.x * units + b] (spgemm_scan_scratch), and *grand_total.
 * THREADS = blockDim.x. */
template <int THREADS, typename T, typename Sum>
static __device__ void spgemm_scan_units(int units, const T *unit_total, T *scratch, T *grand_total,
                                         unsigned *ticket, T zero, Sum sum) {
  T *unit_prefix = scratch, *block_prefix = scratch + (int64_t)gridDim.x * units;
  typedef cub::BlockScan<T, THREADS> scan_t;
  __shared__ typename scan_t::TempStorage temp;
  __shared__ bool last;
  __syncthreads();
  if (threadIdx.x == 0) {
    T run = zero;
    for (int k = 0; k < units; k++) {
      unit_prefix[(int64_t)blockIdx.x * units + k] = run;
      run = sum(run, unit_total[k]);
    }
    block_prefix[blockIdx.x] = run;
    __threadfence(); /* the block's total, before its ticket */
    last = atomicAdd(ticket, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last)
    return;
  __threadfence();
  int64_t nb = gridDim.x, per = (nb + THREADS - 1) / THREADS;
  int64_t lo = min(nb, threadIdx.x * per), hi = min(nb, lo + per);
  T mine = zero;
  for (int64_t k = lo; k < hi; k++)
    mine = sum(mine, spgemm_load_cg(block_prefix + k));
  T before;
  scan_t(temp).ExclusiveScan(mine, before, zero, sum);
  for (int64_t k = lo; k < hi; k++) {
    T v = spgemm_load_cg(block_prefix + k);
    block_prefix[k] = before;
    before = sum(before, v);
  }
  if (threadIdx.x == THREADS - 1)
    *grand_total = before;
  if (threadIdx.x == 0)
    *ticket = 0;
}

/* Exclusive prefix of item q under fused layout l: its block's and its
 * unit's (from scratch, as spgemm_scan_units left them), and its own
 * within the unit (local). */
template <typename T, typename Sum>
static __device__ __forceinline__ T spgemm_scan_prefix(int64_t q, const spgemm_scan_layout &l, const T *local,
                                                       const T *scratch, Sum sum) {
  int64_t unit = q / l.len;
  const T *block_prefix = scratch + l.blocks * l.units;
  return sum(sum(block_prefix[unit / l.units], scratch[unit]), local[q]);
}

#endif
