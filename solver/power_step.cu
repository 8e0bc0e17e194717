/* One power-iteration step for rho(D^-1 A) on the GPU (CPU reference:
 * power_step.c): one pass computes the three sums and y = D^-1 y, a
 * single block adds the block partials, and a last pass divides y by its
 * norm, read where the sum was left. No host synchronisation, so the
 * whole power iteration queues up without waiting.
 *
 * Deterministic: the grid is a function of n alone, each thread sums a
 * fixed strided set in increasing i, blocks combine their threads by a
 * fixed tree, and the final block adds the partials in a fixed order. */
#include "amg_ops.h"
#include "device_util.cuh"

#define POWER_THREADS 256
#define FULL_MASK 0xFFFFFFFFu

/* Sums v[0..2] over the block by a fixed tree; the results are valid in thread 0. */
static __device__ void block_sum3(double v[AMG_POWER_STATS]) {
  __shared__ double warp_sums[AMG_POWER_STATS][POWER_THREADS / 32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
#pragma unroll
  for (int k = 0; k < AMG_POWER_STATS; k++) {
#pragma unroll
    for (int off = 16; off > 0; off >>= 1)
      v[k] += __shfl_down_sync(FULL_MASK, v[k], off);
    if (lane == 0)
      warp_sums[k][warp] = v[k];
  }
  __syncthreads();
  if (warp == 0) {
#pragma unroll
    for (int k = 0; k < AMG_POWER_STATS; k++) {
      v[k] = lane < POWER_THREADS / 32 ? warp_sums[k][lane] : 0.0;
#pragma unroll
      for (int off = 16; off > 0; off >>= 1)
        v[k] += __shfl_down_sync(FULL_MASK, v[k], off);
    }
  }
}

static __global__ void __launch_bounds__(POWER_THREADS)
    power_sums_kernel(int32_t n, const double *__restrict__ d, const double *__restrict__ dinv,
                      const double *__restrict__ x, double *__restrict__ y, double *__restrict__ work) {
  double v[AMG_POWER_STATS] = {0.0, 0.0, 0.0};
  const int64_t stride = (int64_t)gridDim.x * POWER_THREADS;
  for (int64_t i = (int64_t)blockIdx.x * POWER_THREADS + threadIdx.x; i < n; i += stride) {
    const double xi = x[i], yi = y[i], zi = __dmul_rn(dinv[i], yi);
    v[AMG_POWER_XAX] = fma(xi, yi, v[AMG_POWER_XAX]);
    v[AMG_POWER_XDX] = fma(xi, __dmul_rn(d[i], xi), v[AMG_POWER_XDX]);
    v[AMG_POWER_YY] = fma(zi, zi, v[AMG_POWER_YY]);
    y[i] = zi;
  }
  block_sum3(v);
  if (threadIdx.x == 0)
    for (int k = 0; k < AMG_POWER_STATS; k++)
      work[(int64_t)k * AMG_POWER_PARTIALS + blockIdx.x] = v[k];
}

static __global__ void __launch_bounds__(POWER_THREADS)
    power_finish_kernel(int blocks, const double *__restrict__ work, double *__restrict__ stats) {
  double v[AMG_POWER_STATS] = {0.0, 0.0, 0.0};
  for (int b = threadIdx.x; b < blocks; b += POWER_THREADS)
    for (int k = 0; k < AMG_POWER_STATS; k++)
      v[k] += work[(int64_t)k * AMG_POWER_PARTIALS + b];
  block_sum3(v);
  if (threadIdx.x == 0)
    for (int k = 0; k < AMG_POWER_STATS; k++)
      stats[k] = v[k];
}

static __global__ void power_normalise_kernel(int32_t n, const double *__restrict__ stats, double *__restrict__ y) {
  const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = __dmul_rn(1.0 / sqrt(stats[AMG_POWER_YY]), y[i]);
}

extern "C" amg_status amg_power_step_device(int32_t n, const double *d, const double *dinv, const double *x,
                                            double *y, double *stats, double *work) {
  amg_status s = amg_vector_check("power_step_device", n, x, y);
  if (s == AMG_OK && (!stats || !work || (n > 0 && (!d || !dinv))))
    s = amg_error(AMG_ERR_ARG, "power_step_device: NULL diagonal, statistics or work");
  if (s != AMG_OK)
    return s;
  const unsigned blocks = fmt_reduce_blocks(n, POWER_THREADS, AMG_POWER_PARTIALS);
  power_sums_kernel<<<blocks, POWER_THREADS, 0, fmt_stream()>>>(n, d, dinv, x, y, work);
  AMG_CUDA_TRY(cudaGetLastError());
  power_finish_kernel<<<1, POWER_THREADS, 0, fmt_stream()>>>((int)blocks, work, stats);
  AMG_CUDA_TRY(cudaGetLastError());
  if (n > 0) {
    power_normalise_kernel<<<fmt_blocks(n, 1, POWER_THREADS), POWER_THREADS, 0, fmt_stream()>>>(n, stats, y);
    AMG_CUDA_TRY(cudaGetLastError());
  }
  return AMG_OK;
}

FMT_DEVICE_MODULE(power_sums_kernel);
