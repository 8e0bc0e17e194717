/* PCG vector steps on the GPU (CPU reference: pcg_ops.c). Reductions are
 * deterministic: a grid fixed by n alone, each thread summing a fixed
 * strided set, a fixed tree per block into work[block], then one block
 * summing work[] in a fixed order into the scalar. No host sync, no
 * allocation: the steps can be captured in a CUDA graph. */
#include "amg_ops.h"
#include "device_util.cuh"

#define PCG_THREADS 256

static unsigned pcg_blocks(int32_t n) { return fmt_reduce_blocks(n, PCG_THREADS, AMG_PCG_PARTIALS); }

/* Fixed-order sum of v over the block; the result in thread 0. */
static __device__ double block_sum(double v) {
  __shared__ double part[PCG_THREADS];
  part[threadIdx.x] = v;
  __syncthreads();
  for (int half = PCG_THREADS / 2; half > 0; half >>= 1) {
    if (threadIdx.x < half)
      part[threadIdx.x] += part[threadIdx.x + half];
    __syncthreads();
  }
  return part[0];
}

static __global__ void dot_kernel(int32_t n, const double *x, const double *y, double *work) {
  double sum = 0;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
    sum += x[i] * y[i];
  sum = block_sum(sum);
  if (threadIdx.x == 0)
    work[blockIdx.x] = sum;
}

/* s[slot] = sum of work[0 .. blocks-1]; for RZ the old value moves to RZ_OLD. */
static __global__ void finish_kernel(int blocks, const double *work, double *s, int slot) {
  double sum = 0;
  for (int b = threadIdx.x; b < blocks; b += PCG_THREADS)
    sum += work[b];
  sum = block_sum(sum);
  if (threadIdx.x == 0) {
    if (slot == AMG_PCG_RZ)
      s[AMG_PCG_RZ_OLD] = s[AMG_PCG_RZ];
    s[slot] = sum;
  }
}

static __global__ void update_xr_kernel(int32_t n, const double *s, const double *p, const double *q,
                                        double *x, double *r, double *work) {
  double alpha = s[AMG_PCG_RZ] / s[AMG_PCG_PQ], sum = 0;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
    x[i] += alpha * p[i];
    double ri = r[i] - alpha * q[i];
    r[i] = ri;
    sum += ri * ri;
  }
  sum = block_sum(sum);
  if (threadIdx.x == 0)
    work[blockIdx.x] = sum;
}

static __global__ void update_p_kernel(int32_t n, const double *s, const double *z, double *p) {
  double beta = s[AMG_PCG_RZ] / s[AMG_PCG_RZ_OLD];
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
    p[i] = z[i] + beta * p[i];
}

extern "C" amg_status amg_pcg_dot_device(int32_t n, const double *x, const double *y, double *s, int slot,
                                         double *work) {
  unsigned blocks = pcg_blocks(n);
  dot_kernel<<<blocks, PCG_THREADS, 0, fmt_stream()>>>(n, x, y, work);
  AMG_CUDA_TRY(cudaGetLastError());
  finish_kernel<<<1, PCG_THREADS, 0, fmt_stream()>>>((int)blocks, work, s, slot);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

extern "C" amg_status amg_pcg_update_xr_device(int32_t n, double *s, const double *p, const double *q,
                                               double *x, double *r, double *work) {
  unsigned blocks = pcg_blocks(n);
  update_xr_kernel<<<blocks, PCG_THREADS, 0, fmt_stream()>>>(n, s, p, q, x, r, work);
  AMG_CUDA_TRY(cudaGetLastError());
  finish_kernel<<<1, PCG_THREADS, 0, fmt_stream()>>>((int)blocks, work, s, AMG_PCG_RR);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

extern "C" amg_status amg_pcg_update_p_device(int32_t n, const double *s, const double *z, double *p) {
  update_p_kernel<<<fmt_blocks(n, 1, PCG_THREADS), PCG_THREADS, 0, fmt_stream()>>>(n, s, z, p);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

FMT_DEVICE_MODULE(dot_kernel);
