/* Aggregate sizes on the GPU (CPU reference: aggregate_sizes.c), optionally
 * weighted, by integer atomics: exact and independent of order. */
#include "amg_ops.h"
#include "device_util.cuh"

static __global__ void sizes_kernel(const int32_t *agg, int32_t n, int32_t count, const int32_t *w,
                                    int32_t *size) {
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && agg[i] >= 0 && agg[i] < count)
    atomicAdd(&size[agg[i]], w ? w[i] : 1);
}

extern "C" amg_status amg_aggregate_sizes_device(const int32_t *agg, int32_t n, int32_t count,
                                                 const int32_t *w, int32_t *size) {
  AMG_CUDA_TRY(cudaMemsetAsync(size, 0, (size_t)count * sizeof *size, fmt_stream()));
  if (n > 0) {
    sizes_kernel<<<fmt_blocks(n, 1, 256), 256, 0, fmt_stream()>>>(agg, n, count, w, size);
    AMG_CUDA_TRY(cudaGetLastError());
  }
  return AMG_OK;
}

FMT_DEVICE_MODULE(sizes_kernel);
