/* Near-null-space coarsening on the GPU (CPU reference: nullspace.c): the
 * coarse weights by integer atomics (exact in any order), then T's entries
 * with the host's correctly rounded sqrt and division, so the result is
 * bitwise the host's. Unlike the host, the device does not check for empty
 * aggregates (the MIS-2 aggregation makes none). */
#include "amg_ops.h"
#include "device_util.cuh"

static __global__ void tval_kernel(const int32_t *agg, const int32_t *w, int32_t n, int32_t count,
                                   const int32_t *wc, double *tval) {
  int32_t i = (int32_t)((int64_t)blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) /* agg[i] >= count is ignored, as in the sizes */
    tval[i] = agg[i] >= 0 && agg[i] < count ? sqrt((double)(w ? w[i] : 1)) / sqrt((double)wc[agg[i]]) : 0.0;
}

extern "C" amg_status amg_nullspace_coarsen_device(const int32_t *agg, const int32_t *w, int32_t n, int32_t count,
                                                   int32_t *wc, double *tval) {
  amg_status s = amg_aggregate_sizes_device(agg, n, count, w, wc);
  if (s == AMG_OK && n > 0) {
    tval_kernel<<<fmt_blocks(n, 1, 256), 256, 0, fmt_stream()>>>(agg, w, n, count, wc, tval);
    AMG_CUDA_TRY(cudaGetLastError());
  }
  return s;
}

FMT_DEVICE_MODULE(tval_kernel);
