/* Vector kernels on the GPU (CPU reference: blas1.c): dot, axpy, scale,
 * vmul, fill. The element-wise ones round exactly as the host does
 * (products and sums are not contracted into FMAs), so they match it bit
 * for bit.
 *
 * The dot product is deterministic: the grid is a function of n alone
 * (DOT_THREADS threads, blocks = ceil(n / (DOT_THREADS * DOT_PER_THREAD))
 * capped at DOT_MAX_BLOCKS), thread t of block b sums x[i] * y[i] for
 * i = b*DOT_THREADS + t + k*stride in increasing k, each block combines its
 * threads by a fixed tree into partial[b], and one block then sums the
 * partials the same way. The same n gives the same bits on any GPU. */
#include <stdint.h>

#include "amg_ops.h"
#include "device_util.cuh"

#define BLAS_THREADS 256
#define DOT_THREADS 256
#define DOT_PER_THREAD 8     /* elements per thread before the cap applies */
#define DOT_MAX_BLOCKS 1024  /* partial sums; the final block reads them all */
#define FULL_MASK 0xFFFFFFFFu

/* Sum of v over the block, by a fixed tree (warps by shuffles, then warp 0
 * over the warp sums); the result is valid in thread 0. */
static __device__ double block_sum(double v) {
  __shared__ double warp_sums[DOT_THREADS / 32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
#pragma unroll
  for (int d = 16; d > 0; d >>= 1)
    v += __shfl_down_sync(FULL_MASK, v, d);
  if (lane == 0)
    warp_sums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < DOT_THREADS / 32 ? warp_sums[lane] : 0.0;
#pragma unroll
    for (int d = 16; d > 0; d >>= 1)
      v += __shfl_down_sync(FULL_MASK, v, d);
  }
  return v;
}

static __global__ void __launch_bounds__(DOT_THREADS)
    dot_partial_kernel(int64_t n, const double *__restrict__ x, const double *__restrict__ y,
                       double *__restrict__ partial) {
  const int64_t stride = (int64_t)gridDim.x * DOT_THREADS;
  int64_t i = (int64_t)blockIdx.x * DOT_THREADS + threadIdx.x;
  double s = 0.0;
  /* four loads in flight per thread; the sum order is still increasing i */
  for (; i + 3 * stride < n; i += 4 * stride) {
    const double x0 = x[i], x1 = x[i + stride], x2 = x[i + 2 * stride], x3 = x[i + 3 * stride];
    const double y0 = y[i], y1 = y[i + stride], y2 = y[i + 2 * stride], y3 = y[i + 3 * stride];
    s = fma(x0, y0, s);
    s = fma(x1, y1, s);
    s = fma(x2, y2, s);
    s = fma(x3, y3, s);
  }
  for (; i < n; i += stride)
    s = fma(x[i], y[i], s);
  s = block_sum(s);
  if (threadIdx.x == 0)
    partial[blockIdx.x] = s;
}

static __global__ void __launch_bounds__(DOT_THREADS)
    dot_final_kernel(int count, const double *__restrict__ partial, double *__restrict__ result) {
  double s = 0.0;
  for (int i = threadIdx.x; i < count; i += DOT_THREADS)
    s += partial[i];
  s = block_sum(s);
  if (threadIdx.x == 0)
    *result = s;
}

/* The grid of the dot product: a function of n only. */
static int dot_blocks(int32_t n) {
  int64_t blocks = ((int64_t)n + DOT_THREADS * DOT_PER_THREAD - 1) / (DOT_THREADS * DOT_PER_THREAD);
  return (int)(blocks < 1 ? 1 : blocks > DOT_MAX_BLOCKS ? DOT_MAX_BLOCKS : blocks);
}

extern "C" amg_status amg_dot_device(int32_t n, const double *x, const double *y, double *result) {
  amg_status s = amg_vector_check("dot_device", n, x, y);
  if (s == AMG_OK && !result)
    s = amg_error(AMG_ERR_ARG, "dot_device: NULL result");
  if (s != AMG_OK)
    return s;
  if (n == 0) {
    *result = 0.0;
    return AMG_OK;
  }
  const int blocks = dot_blocks(n);
  double *work = NULL, host = 0.0; /* work: partial[blocks], then the result */
  AMG_TRY_GOTO(fmt_device_alloc((void **)&work, ((size_t)blocks + 1) * sizeof(double)), s, done);
  dot_partial_kernel<<<blocks, DOT_THREADS, 0, fmt_stream()>>>(n, x, y, work);
  AMG_LAUNCH_GOTO(s, done);
  dot_final_kernel<<<1, DOT_THREADS, 0, fmt_stream()>>>(blocks, work, work + blocks);
  AMG_LAUNCH_GOTO(s, done);
  AMG_TRY_GOTO(fmt_copy(&host, FMT_HOST, work + blocks, FMT_DEVICE, sizeof host), s, done);
  *result = host;
done:
  fmt_device_free(work);
  return s;
}

/* ---- element-wise: one thread per element ---- */

static __global__ void axpy_kernel(int32_t n, double alpha, const double *x, double *y) {
  const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = __dadd_rn(__dmul_rn(alpha, x[i]), y[i]);
}

static __global__ void scale_kernel(int32_t n, double alpha, double *__restrict__ x) {
  const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = __dmul_rn(alpha, x[i]);
}

static __global__ void vmul_kernel(int32_t n, const double *sv, double *y) {
  const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = __dmul_rn(sv[i], y[i]);
}

static __global__ void fill_kernel(int32_t n, double value, double *__restrict__ x) {
  const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = value;
}

extern "C" amg_status amg_axpy_device(int32_t n, double alpha, const double *x, double *y) {
  amg_status s = amg_vector_check("axpy_device", n, x, y);
  if (s != AMG_OK || n == 0)
    return s;
  axpy_kernel<<<fmt_blocks(n, 1, BLAS_THREADS), BLAS_THREADS, 0, fmt_stream()>>>(n, alpha, x, y);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

extern "C" amg_status amg_scale_device(int32_t n, double alpha, double *x) {
  amg_status s = amg_vector_check("scale_device", n, x, x);
  if (s != AMG_OK || n == 0)
    return s;
  scale_kernel<<<fmt_blocks(n, 1, BLAS_THREADS), BLAS_THREADS, 0, fmt_stream()>>>(n, alpha, x);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

extern "C" amg_status amg_vmul_device(int32_t n, const double *sv, double *y) {
  amg_status s = amg_vector_check("vmul_device", n, sv, y);
  if (s != AMG_OK || n == 0)
    return s;
  vmul_kernel<<<fmt_blocks(n, 1, BLAS_THREADS), BLAS_THREADS, 0, fmt_stream()>>>(n, sv, y);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

extern "C" amg_status amg_fill_device(int32_t n, double value, double *x) {
  amg_status s = amg_vector_check("fill_device", n, x, x);
  if (s != AMG_OK || n == 0)
    return s;
  fill_kernel<<<fmt_blocks(n, 1, BLAS_THREADS), BLAS_THREADS, 0, fmt_stream()>>>(n, value, x);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}
