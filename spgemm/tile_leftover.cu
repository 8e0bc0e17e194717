/* The items the row kernels leave to the pair kernels (steps 2 and 3).
 *
 * The row kernels (tile_symbolic_rows.cu, tile_numeric_rows.cu) take the
 * tile rows that fit their shared memory. Before, the pair kernel then ran
 * over every candidate or C tile and skipped those rows one by one, and on
 * level 0's A*P, where few rows are left, the skipping itself took
 * 0.18-0.22 ms per kernel (run 87). Here a thread per tile row appends the
 * items of a row that does not fit (its candidates, or its C tiles) to a
 * list, and the pair kernel walks only the list, its blocks taking the
 * next items as they finish (spgemm_grab). Small products keep the
 * skipping (spgemm_use_leftover).
 *
 * The list's order depends on the order of the atomics (one per warp), but
 * each item's result depends only on the item, so the products stay bitwise
 * reproducible. There is no CPU twin: the CPU reference does not split
 * rows between kernels. */
#include "spgemm_device.cuh"

/* Thread i takes row i: its items are ptr[i] .. ptr[i + 1] - 1 (without
 * ptr, item i alone), its weight weight[ptr[i + 1]] - weight[ptr[i]]
 * (weight given) or its item count. */
static __global__ void leftover_kernel(int32_t tile_m, const int64_t *ptr, const int64_t *weight, int64_t limit,
                                       int64_t *list, unsigned long long *work) {
  int32_t i = (int32_t)((int64_t)blockIdx.x * blockDim.x + threadIdx.x);
  int64_t lo = 0, n = 0;
  if (i < tile_m) {
    lo = ptr ? ptr[i] : i;
    n = ptr ? ptr[i + 1] - lo : 1;
    if ((weight ? weight[lo + n] - weight[lo] : n) <= limit)
      n = 0;
  }
  /* The last lane reserves the warp's room. */
  int64_t incl = fmt_warp_inclusive_sum(n);
  unsigned long long base = 0;
  if ((threadIdx.x & 31) == 31 && incl > 0)
    base = atomicAdd(work, (unsigned long long)incl);
  base = __shfl_sync(0xFFFFFFFFu, base, 31);
  int64_t *out = list + base + (incl - n);
  for (int64_t q = 0; q < n; q++)
    out[q] = lo + q;
}

amg_status spgemm_leftover_device(int32_t tile_m, int64_t items, const int64_t *ptr, const int64_t *weight,
                                  int64_t limit, unsigned long long *zeroed, int64_t **list,
                                  unsigned long long **work) {
  *list = NULL;
  *work = NULL;
  /* the list, then (without zeroed) its counters */
  amg_status s = fmt_device_alloc((void **)list, ((size_t)items + (zeroed ? 0 : 2)) * sizeof **list);
  if (s != AMG_OK)
    return s;
  *work = zeroed ? zeroed : (unsigned long long *)(*list + items);
  if (!zeroed)
    AMG_CUDA_TRY(cudaMemsetAsync(*work, 0, 2 * sizeof **work, fmt_stream()));
  if (tile_m > 0) {
    leftover_kernel<<<fmt_blocks(tile_m, 1, 256), 256, 0, fmt_stream()>>>(tile_m, ptr, weight, limit, *list,
                                                                          *work);
    AMG_CUDA_TRY(cudaGetLastError());
  }
  return AMG_OK;
}

FMT_DEVICE_MODULE(leftover_kernel);
