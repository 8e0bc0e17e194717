/* Device twins of the small vector kernels in ops_dispatch.c. */
#include "amg_ops.h"
#include "device_util.cuh"

static __global__ void start_kernel(int32_t n, const double *d, const double *sum_dinv, double *x) {
  int32_t i = (int32_t)((int64_t)blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) /* the product by 2^-31 is exact, so a contraction into an fma changes nothing */
    x[i] = __dmul_rn(0.5 + amg_priority((uint32_t)i) * 0x1.0p-31, amg_start_scale(n, d[i], *sum_dinv));
}

static __global__ void invert_kernel(int32_t n, const double *d, double *dinv) {
  int32_t i = (int32_t)((int64_t)blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n)
    dinv[i] = 1.0 / d[i];
}

extern "C" amg_status amg_fill_start_vector_device(int32_t n, const double *d, const double *sum_dinv, double *x) {
  if (n > 0) {
    start_kernel<<<fmt_blocks(n, 1, 256), 256, 0, fmt_stream()>>>(n, d, sum_dinv, x);
    AMG_CUDA_TRY(cudaGetLastError());
  }
  return AMG_OK;
}

extern "C" amg_status amg_invert_device(int32_t n, const double *d, double *dinv) {
  if (n > 0) {
    invert_kernel<<<fmt_blocks(n, 1, 256), 256, 0, fmt_stream()>>>(n, d, dinv);
    AMG_CUDA_TRY(cudaGetLastError());
  }
  return AMG_OK;
}

static __global__ void jacobi_first_kernel(int32_t n, const double *dinv, double omega, const double *b,
                                           double *x) {
  int32_t i = (int32_t)((int64_t)blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n)
    x[i] = omega * dinv[i] * b[i];
}

extern "C" amg_status amg_jacobi_first_device(int32_t n, const double *dinv, double omega, const double *b,
                                              double *x) {
  if (n > 0) {
    jacobi_first_kernel<<<fmt_blocks(n, 1, 256), 256, 0, fmt_stream()>>>(n, dinv, omega, b, x);
    AMG_CUDA_TRY(cudaGetLastError());
  }
  return AMG_OK;
}

FMT_DEVICE_MODULE(start_kernel);
