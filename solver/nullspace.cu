/* Near-null-space coarsening on the GPU (CPU reference: nullspace.c),
 * bitwise equal to the host:
 *  - b == NULL (all ones): bc[j] = sqrt(|aggregate j|) from integer sizes,
 *    which is what the host's sum of ones gives exactly;
 *  - otherwise a stable radix sort of (aggregate, node) pairs lists each
 *    aggregate's nodes in increasing order, and one thread per aggregate
 *    sums their b_i^2 in that order, with explicit round-to-nearest
 *    operations (no fused multiply-add, which the host does not use).
 * Then tval[i] = b_i / bc[agg[i]]. Unlike the host, the device does not
 * check for empty aggregates (the MIS-2 aggregation makes none). */
#include <cub/device/device_radix_sort.cuh>

#include "amg_ops.h"
#include "device_util.cuh"

static __global__ void key_kernel(const int32_t *agg, int32_t n, int32_t count, int32_t *key, int32_t *node) {
  int32_t i = (int32_t)((int64_t)blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) {
    key[i] = agg[i] >= 0 ? agg[i] : count; /* isolated nodes sort last */
    node[i] = i;
  }
}

/* First p in [0, n) with key[p] >= j, or n. */
static __device__ int32_t first_at_least(const int32_t *key, int32_t n, int32_t j) {
  int32_t lo = 0, hi = n;
  while (lo < hi) {
    int32_t mid = lo + (hi - lo) / 2;
    if (key[mid] < j)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

static __global__ void norm_kernel(int32_t count, const double *b, const int32_t *key, const int32_t *node,
                                   int32_t n, const int32_t *size, double *bc) {
  int32_t j = (int32_t)((int64_t)blockIdx.x * blockDim.x + threadIdx.x);
  if (j >= count)
    return;
  double sum = 0;
  if (b) {
    for (int32_t p = first_at_least(key, n, j), end = first_at_least(key, n, j + 1); p < end; p++) {
      double bi = b[node[p]];
      sum = __dadd_rn(sum, __dmul_rn(bi, bi));
    }
  } else {
    sum = (double)size[j];
  }
  bc[j] = sqrt(sum);
}

static __global__ void tval_kernel(const int32_t *agg, const double *b, int32_t n, const double *bc,
                                   double *tval) {
  int32_t i = (int32_t)((int64_t)blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n)
    tval[i] = agg[i] >= 0 ? (b ? b[i] : 1.0) / bc[agg[i]] : 0.0;
}

extern "C" amg_status amg_nullspace_coarsen_device(const int32_t *agg, const double *b, int32_t n, int32_t count,
                                                   double *bc, double *tval) {
  int32_t *size = NULL, *key = NULL, *node = NULL, *sorted_key = NULL, *sorted_node = NULL;
  amg_status s = AMG_OK;
  if (!b) {
    AMG_TRY_GOTO(fmt_device_alloc((void **)&size, ((size_t)count + 1) * sizeof *size), s, done);
    AMG_TRY_GOTO(amg_aggregate_sizes_device(agg, n, count, size), s, done);
  } else if (n > 0) {
    size_t bytes = (size_t)n * sizeof(int32_t);
    AMG_TRY_GOTO(fmt_device_alloc((void **)&key, bytes), s, done);
    AMG_TRY_GOTO(fmt_device_alloc((void **)&node, bytes), s, done);
    AMG_TRY_GOTO(fmt_device_alloc((void **)&sorted_key, bytes), s, done);
    AMG_TRY_GOTO(fmt_device_alloc((void **)&sorted_node, bytes), s, done);
    key_kernel<<<fmt_blocks(n, 1, 256), 256, 0, fmt_stream()>>>(agg, n, count, key, node);
    AMG_LAUNCH_GOTO(s, done);
    int bits = fmt_key_bits((int64_t)count + 1);
    AMG_TRY_GOTO(fmt_cub(
                     [&](void *tmp, size_t &bytes_tmp) {
                       return cub::DeviceRadixSort::SortPairs(tmp, bytes_tmp, key, sorted_key, node,
                                                              sorted_node, n, 0, bits, fmt_stream());
                     },
                     "cub::DeviceRadixSort::SortPairs(aggregate nodes)"),
                 s, done);
  }
  if (count > 0) {
    norm_kernel<<<fmt_blocks(count, 1, 256), 256, 0, fmt_stream()>>>(count, b, sorted_key, sorted_node, n,
                                                                       size, bc);
    AMG_LAUNCH_GOTO(s, done);
  }
  if (n > 0) {
    tval_kernel<<<fmt_blocks(n, 1, 256), 256, 0, fmt_stream()>>>(agg, b, n, bc, tval);
    AMG_LAUNCH_GOTO(s, done);
  }
done:
  fmt_device_free(size);
  fmt_device_free(key);
  fmt_device_free(node);
  fmt_device_free(sorted_key);
  fmt_device_free(sorted_node);
  return s;
}
