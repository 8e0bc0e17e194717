/* Device helpers shared by the CUDA sources of formats/ and the libraries
 * above it: launch geometry, CUB calls with pool-allocated temporary
 * storage, and half-warp primitives. */
#ifndef FMT_DEVICE_UTIL_CUH
#define FMT_DEVICE_UTIL_CUH

#include <stdint.h>

#include <cub/device/device_scan.cuh>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>

#include "cuda_check.cuh"
#include "formats.h"

/* Names one kernel of this CUDA source (any one), so that
 * fmt_device_load_modules loads all of the source's kernels before the first
 * setup instead of at their first launch (device_modules.cu). Once per source
 * that launches kernels, CUB's included. */
extern "C" int fmt_device_register_module(const void *kernel);
#define FMT_DEVICE_MODULE(...)                                                                     \
  __attribute__((unused)) static const int fmt_device_module_registered =                          \
      fmt_device_register_module((const void *)(__VA_ARGS__))

/* Blocks of `threads` threads covering `items` work items of `per_item` threads. */
static inline unsigned fmt_blocks(int64_t items, int per_item, int threads) {
  int64_t total = items * per_item;
  int64_t blocks = (total + threads - 1) / threads;
  return (unsigned)(blocks > 0 ? blocks : 1);
}

/* Half-warps the GPU holds at once (multiprocessors x 128: 2048 resident
 * threads each), for kernels that spread few rows or tiles over more
 * half-warps. */
static inline int64_t fmt_half_warp_slots(void) { return (int64_t)fmt_device_multiprocessors() * 128; }

/* Blocks of `threads` threads for a deterministic reduction over n items:
 * about 4 items per thread, at least 1 and at most max_blocks (the partial
 * sums the final block adds). A function of n alone, so the summation
 * order is too. */
static inline unsigned fmt_reduce_blocks(int64_t n, int threads, int max_blocks) {
  int64_t blocks = (n + 4 * (int64_t)threads - 1) / (4 * (int64_t)threads);
  return (unsigned)(blocks < 1 ? 1 : blocks > max_blocks ? max_blocks : blocks);
}

/* Workers per row (1, 2, 4, ... up to max_workers) for `rows` rows of
 * `steps` dependent steps each, by a latency model: a worker costs one step
 * plus its share of its row's steps, and workers beyond the `resident` ones
 * the GPU holds at once run in further waves. The fewest workers of least
 * modelled cost. For kernels that walk long rows with few rows in flight. */
static inline int fmt_workers_per_row(int64_t rows, int64_t steps, int64_t resident, int max_workers) {
  rows = rows > 0 ? rows : 1;
  steps = steps > 0 ? steps : 1;
  resident = resident > 0 ? resident : 1;
  int best = 1;
  int64_t best_cost = INT64_MAX;
  for (int w = 1; w <= max_workers; w *= 2) {
    const int64_t waves = (rows * w + resident - 1) / resident;
    const int64_t cost = waves * (1 + (steps + w - 1) / w);
    if (cost < best_cost) {
      best = w;
      best_cost = cost;
    }
  }
  return best;
}

/* Bits needed to hold every key in [0, count), at least 1 (for radix sorts). */
static inline int fmt_key_bits(int64_t count) {
  int bits = 1;
  while (bits < 63 && ((int64_t)1 << bits) < count)
    bits++;
  return bits;
}

/* Runs a CUB device call twice: once to size its temporary storage, once for
 * real, with the storage taken from (and returned to) the library pool. */
template <typename Call>
static amg_status fmt_cub(Call call, const char *what) {
  size_t bytes = 0;
  cudaError_t e = call(nullptr, bytes);
  if (e != cudaSuccess)
    return amg_cuda_status(e, what, __FILE__, __LINE__);
  void *tmp = nullptr;
  amg_status s = fmt_device_alloc(&tmp, bytes);
  if (s != AMG_OK)
    return s;
  e = call(tmp, bytes);
  fmt_device_free(tmp);
  if (e != cudaSuccess)
    return amg_cuda_status(e, what, __FILE__, __LINE__);
  return AMG_OK;
}

/* One int32 answer from the device: a device word set to `start`, then
 * launch(word) (which queues the kernels that may store to it), then the
 * word read into *result. For kernels that answer a flag or a first bad
 * row. One host sync. */
template <typename Launch>
static amg_status fmt_device_answer(int32_t start, int32_t *result, Launch launch) {
  int32_t *word = nullptr;
  amg_status s = fmt_device_alloc((void **)&word, sizeof *word);
  if (s != AMG_OK)
    return s;
  AMG_CUDA_GOTO(cudaMemcpyAsync(word, &start, sizeof start, cudaMemcpyHostToDevice, fmt_stream()), s, done);
  AMG_TRY_GOTO(launch(word), s, done);
  s = fmt_copy(result, FMT_HOST, word, FMT_DEVICE, sizeof *result);
done:
  fmt_device_free(word);
  return s;
}

/* Size of tile perm[u], for scans over a matrix's tiles in another order
 * (such as its tile-column order). */
struct fmt_permuted_tile_size {
  const int64_t *tile_nnz, *perm;
  __host__ __device__ int64_t operator()(int64_t u) const {
    int64_t t = perm[u];
    return tile_nnz[t + 1] - tile_nnz[t];
  }
};

/* A (tiles, entries) pair and its sum, for the scans that size a tile
 * matrix from per-tile (or per-tile-row) counts. */
struct fmt_tile_count {
  int64_t tiles, nnz;
};
struct fmt_tile_count_sum {
  __host__ __device__ fmt_tile_count operator()(const fmt_tile_count &x, const fmt_tile_count &y) const {
    return fmt_tile_count{x.tiles + y.tiles, x.nnz + y.nnz};
  }
};

/* Compaction of n source tiles (or candidates) into a tile matrix, step 1:
 * scan[0] = {0, 0}, scan[1 .. n] the inclusive sums of counts[0 .. n), and
 * *total (host) = scan[n]. One host sync. fmt_scan_sizes reads the counts
 * through in and writes scan + 1 through out, in the form that op adds. */
template <typename In, typename Out, typename Op, typename T>
static amg_status fmt_scan_sizes(In in, Out out, Op op, int64_t n, T *scan, T *total, const char *what) {
  *total = T{};
  AMG_CUDA_TRY(cudaMemsetAsync(scan, 0, sizeof *scan, fmt_stream()));
  if (n == 0)
    return AMG_OK;
  amg_status s = fmt_cub(
      [&](void *tmp, size_t &bytes) {
        return cub::DeviceScan::InclusiveScan(tmp, bytes, in, out, op, n, fmt_stream());
      },
      what);
  if (s == AMG_OK)
    s = fmt_copy(total, FMT_HOST, scan + n, FMT_DEVICE, sizeof *total);
  return s;
}
template <typename Counts>
static amg_status fmt_scan_tile_counts(Counts counts, int64_t n, fmt_tile_count *scan, fmt_tile_count *total,
                                       const char *what) {
  return fmt_scan_sizes(counts, scan + 1, fmt_tile_count_sum{}, n, scan, total, what);
}

/* The same where each of the n items is one tile, kept or not, of at most
 * 256 entries (fmt_tile_select, step 2 of the SpGEMM). CUB's scan of the
 * 16-byte pair has no single-word look-back and took 53 us on 1.7M
 * candidates (run 121); for n <= 2^27 the pair is scanned packed in one
 * 64-bit word, entries in the low FMT_PACKED_NNZ_BITS bits (sums up to
 * 2^35) and tiles above them (sums up to 2^27): 19 us (run 122). */
#define FMT_PACKED_NNZ_BITS 36
#define FMT_PACKED_MAX_ITEMS ((int64_t)1 << 27)
struct fmt_pack_tile_count {
  __host__ __device__ uint64_t operator()(const fmt_tile_count &c) const {
    return (uint64_t)c.tiles << FMT_PACKED_NNZ_BITS | (uint64_t)c.nnz;
  }
};
struct fmt_unpack_tile_count {
  __host__ __device__ fmt_tile_count operator()(uint64_t v) const {
    return fmt_tile_count{(int64_t)(v >> FMT_PACKED_NNZ_BITS),
                          (int64_t)(v & (((uint64_t)1 << FMT_PACKED_NNZ_BITS) - 1))};
  }
};
struct fmt_uint64_sum {
  __host__ __device__ uint64_t operator()(uint64_t x, uint64_t y) const { return x + y; }
};
template <typename Counts>
static amg_status fmt_scan_tile_flags(Counts counts, int64_t n, fmt_tile_count *scan, fmt_tile_count *total,
                                      const char *what) {
  if (n > FMT_PACKED_MAX_ITEMS)
    return fmt_scan_tile_counts(counts, n, scan, total, what);
  return fmt_scan_sizes(thrust::make_transform_iterator(counts, fmt_pack_tile_count{}),
                        thrust::make_transform_output_iterator(scan + 1, fmt_unpack_tile_count{}),
                        fmt_uint64_sum{}, n, scan, total, what);
}

/* Step 2, in the kernel that places the kept tiles (a half-warp per source
 * tile, and at least tile_m + 1 threads: fmt_blocks_and_pointers): thread g <=
 * tile_m sets tile_ptr[g] from the scan at its source tile row's start
 * src_ptr[g], and thread 0 closes tile_nnz. */
static __device__ __forceinline__ void fmt_compact_pointers(int64_t g, int32_t tile_m, const int64_t *src_ptr,
                                                            const fmt_tile_count *scan, fmt_tile_count total,
                                                            int64_t *tile_ptr, int64_t *tile_nnz) {
  if (g <= tile_m)
    tile_ptr[g] = scan[src_ptr[g]].tiles;
  if (g == 0)
    tile_nnz[total.tiles] = total.nnz;
}
/* Blocks of `threads` threads for a kernel that builds a tile matrix:
 * enough to cover `items` at per_block a block, and at least tile_m + 1
 * threads, since thread g <= tile_m also sets tile_ptr[g]. */
static inline unsigned fmt_blocks_and_pointers(int64_t items, int per_block, int threads, int32_t tile_m) {
  unsigned for_items = fmt_blocks(items, 1, per_block), for_pointers = fmt_blocks((int64_t)tile_m + 1, 1, threads);
  return for_items > for_pointers ? for_items : for_pointers;
}

/* Lanes of the calling thread's group of W consecutive lanes of its warp
 * (W a power of two up to 32), as a shuffle/ballot member mask. */
template <int W>
static __device__ __forceinline__ unsigned fmt_lanes_mask() {
  return W == 32 ? 0xFFFFFFFFu : ((1u << W) - 1u) << (threadIdx.x & 31u & ~(unsigned)(W - 1));
}

/* Lanes of the calling thread's half-warp, as a shuffle/ballot member mask. */
static __device__ __forceinline__ unsigned fmt_half_warp_mask() { return fmt_lanes_mask<16>(); }

/* Inclusive prefix sum of v over the calling thread's group of W lanes
 * (fmt_lanes_mask; lane = threadIdx.x & (W - 1)). WHOLE_WARP: all 32 lanes
 * call it together, each group for its own sum; the shuffles then name the
 * full warp, which spares each one the convergence check that a group's
 * member mask compiles to (docs/spgemm_notes.md, item 43). */
template <int W, typename T, bool WHOLE_WARP = false>
static __device__ __forceinline__ T fmt_lanes_inclusive_sum(T v) {
  unsigned members = WHOLE_WARP ? 0xFFFFFFFFu : fmt_lanes_mask<W>();
  int lane = threadIdx.x & (W - 1);
  for (int d = 1; d < W; d <<= 1) {
    T up = __shfl_up_sync(members, v, d, W);
    if (lane >= d)
      v += up;
  }
  return v;
}

/* Inclusive prefix sum of v over the 32 lanes of a full warp (lane = threadIdx.x & 31). */
template <typename T>
static __device__ __forceinline__ T fmt_warp_inclusive_sum(T v) {
  return fmt_lanes_inclusive_sum<32>(v);
}

/* Exclusive prefix sum of v over the 16 lanes of a half-warp (lane =
 * threadIdx.x & 15), and its total; WHOLE_WARP as above. */
template <bool WHOLE_WARP = false>
static __device__ __forceinline__ int fmt_half_warp_exclusive_sum(int v, int *total) {
  unsigned mask = WHOLE_WARP ? 0xFFFFFFFFu : fmt_half_warp_mask();
  int incl = fmt_lanes_inclusive_sum<16, int, WHOLE_WARP>(v);
  *total = __shfl_sync(mask, incl, 15, 16);
  return incl - v;
}

/* Lane r of a half-warp copies a tile's entries r, r + 16, ... < size:
 * values, and index bytes unless from_idx is NULL. Each lane issues
 * FMT_COPY_LOADS loads before it stores them, so that they are in flight
 * together (the mirror and the SpGEMM's compaction, run 140). */
#define FMT_COPY_LOADS 4
static __device__ __forceinline__ void fmt_half_warp_copy_entries(const double *from_val, const uint8_t *from_idx,
                                                                  double *to_val, uint8_t *to_idx, int size,
                                                                  int r) {
  for (int e0 = r; e0 < size; e0 += FMT_TILE * FMT_COPY_LOADS) {
    double v[FMT_COPY_LOADS];
    uint8_t x[FMT_COPY_LOADS];
#pragma unroll
    for (int j = 0; j < FMT_COPY_LOADS; j++)
      if (e0 + FMT_TILE * j < size) {
        v[j] = from_val[e0 + FMT_TILE * j];
        if (from_idx)
          x[j] = from_idx[e0 + FMT_TILE * j];
      }
#pragma unroll
    for (int j = 0; j < FMT_COPY_LOADS; j++)
      if (e0 + FMT_TILE * j < size) {
        to_val[e0 + FMT_TILE * j] = v[j];
        if (from_idx)
          to_idx[e0 + FMT_TILE * j] = x[j];
      }
  }
}

/* Tile row of tile t: the last i with tile_ptr[i] <= t (tiles of empty rows are skipped). */
static __device__ __forceinline__ int32_t fmt_tile_row_of(const int64_t *tile_ptr, int32_t tile_m,
                                                          int64_t t) {
  int32_t lo = 0, hi = tile_m; /* answer in [lo, hi) */
  while (hi - lo > 1) {
    int32_t mid = lo + (hi - lo) / 2;
    if (tile_ptr[mid] <= t)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

/* First position in sorted list[lo, hi) whose value is >= key (hi if none). */
static __device__ __forceinline__ int64_t fmt_lower_bound(const int32_t *list, int64_t lo, int64_t hi,
                                                          int32_t key) {
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (list[mid] < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* Entries in row i of a tile matrix: the popcounts of its row masks. */
static __device__ __forceinline__ int32_t fmt_tile_row_nnz(const int64_t *tile_ptr, const uint16_t *mask,
                                                           int32_t i) {
  int32_t ti = i / FMT_TILE, r = i % FMT_TILE, count = 0;
  for (int64_t t = tile_ptr[ti]; t < tile_ptr[ti + 1]; t++)
    count += __popc(mask[FMT_TILE * t + r]);
  return count;
}

/* Fills ptr[0..len] of a CSR-like pointer array from sorted keys: ptr[j] is the
 * first position whose key is >= j. One thread per position 0..count. */
static __device__ __forceinline__ void fmt_ptr_from_sorted(const int32_t *keys, int64_t count,
                                                           int32_t len, int64_t *ptr, int64_t u) {
  int32_t prev = u == 0 ? -1 : keys[u - 1];
  int32_t here = u < count ? keys[u] : len;
  for (int32_t j = prev + 1; j <= here && j <= len; j++)
    ptr[j] = u;
}

#endif
