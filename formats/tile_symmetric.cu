/* Whether a device tile matrix equals its transpose (CPU reference:
 * tile_symmetric.c). A half-warp per tile (I, J) finds tile (J, I) by binary
 * search; lane r checks its row's entries (r, c) against (c, r) there. Any
 * mismatch clears a flag that starts nonzero: a plain store, so the answer
 * does not depend on timing. One host sync, to read the flag. */
#include "device_util.cuh"
#include "fmt_internal.h"

static __global__ void mirrored_kernel(int64_t nt, int32_t tile_m, const int64_t *tile_ptr,
                                       const int32_t *tile_col, const int64_t *tile_nnz, const uint16_t *mask,
                                       const uint8_t *row_ptr, const double *val, int32_t *symmetric) {
  int64_t t = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 4;
  if (t >= nt)
    return;
  int r = threadIdx.x & 15;
  int32_t i = fmt_tile_row_of(tile_ptr, tile_m, t), j = tile_col[t];
  int64_t end = tile_ptr[j + 1], u = fmt_lower_bound(tile_col, tile_ptr[j], end, i);
  bool same = u < end && tile_col[u] == i;
  for (unsigned bits = same ? mask[FMT_TILE * t + r] : 0u; bits && same; bits &= bits - 1) {
    int c = __ffs(bits) - 1;
    same = ((mask[FMT_TILE * u + c] >> r) & 1u) &&
           val[fmt_tile_entry(tile_nnz, row_ptr, mask, t, r, c)] ==
               val[fmt_tile_entry(tile_nnz, row_ptr, mask, u, c, r)];
  }
  if (!same)
    *symmetric = 0;
}

extern "C" amg_status fmt_tile_is_symmetric_device(const fmt_tile *a, int *symmetric) {
  if (!symmetric)
    return amg_error(AMG_ERR_ARG, "tile_is_symmetric_device: symmetric is NULL");
  *symmetric = 0;
  if (!a)
    return amg_error(AMG_ERR_ARG, "tile_is_symmetric_device: dev_a is NULL");
  if (a->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "tile_is_symmetric_device: need a device matrix");
  if (a->m != a->n)
    return AMG_OK;
  int32_t same = 0;
  amg_status s = fmt_device_answer(1, &same, [&](int32_t *flag) { /* starts nonzero: symmetric */
    if (a->num_tiles > 0) {
      mirrored_kernel<<<fmt_blocks(a->num_tiles, 16, 256), 256, 0, fmt_stream()>>>(
          a->num_tiles, a->tile_m, a->tile_ptr, a->tile_col, a->tile_nnz, a->mask, a->row_ptr, a->val, flag);
      AMG_CUDA_TRY(cudaGetLastError());
    }
    return AMG_OK;
  });
  *symmetric = s == AMG_OK && same != 0;
  return s;
}

FMT_DEVICE_MODULE(mirrored_kernel);
