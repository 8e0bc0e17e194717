/* Vector kernels on the GPU (CPU reference: blas1.c): axpy, fill. They
 * round exactly as the host does (products and sums are not contracted
 * into FMAs), so they match it bit for bit. */
#include <stdint.h>

#include "amg_ops.h"
#include "device_util.cuh"

#define BLAS_THREADS 256

/* ---- element-wise: one thread per element ---- */

static __global__ void axpy_kernel(int32_t n, double alpha, const double *x, double *y) {
  const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = __dadd_rn(__dmul_rn(alpha, x[i]), y[i]);
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

extern "C" amg_status amg_fill_device(int32_t n, double value, double *x) {
  amg_status s = amg_vector_check("fill_device", n, x, x);
  if (s != AMG_OK || n == 0)
    return s;
  fill_kernel<<<fmt_blocks(n, 1, BLAS_THREADS), BLAS_THREADS, 0, fmt_stream()>>>(n, value, x);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

FMT_DEVICE_MODULE(axpy_kernel);
