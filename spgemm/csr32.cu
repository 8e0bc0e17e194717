/* Device CSR with 32-bit offsets (cuSPARSE's SpGEMM input) <-> fmt_csr,
 * handing the column and value arrays over instead of copying them. */
#include <stdlib.h>

#include "device_util.cuh"
#include "spgemm.h"

template <typename From, typename To>
static __global__ void convert_kernel(const From *in, To *out, int64_t n) {
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = (To)in[i];
}

/* The m + 1 row offsets converted to the other width, on the library stream. */
template <typename From, typename To>
static amg_status convert_row_ptr(int32_t m, const From *row_ptr, To *row_ptr_out) {
  convert_kernel<<<fmt_blocks((int64_t)m + 1, 1, 256), 256, 0, fmt_stream()>>>(row_ptr, row_ptr_out,
                                                                             (int64_t)m + 1);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

/* A csr32 of a's shape with its row offsets allocated (columns and values not). */
static amg_status csr32_with_shape(const fmt_csr *a, spgemm_csr32 **out) {
  *out = NULL;
  if (!a || a->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "csr32_take_csr: need a device matrix");
  if (a->nnz > INT32_MAX)
    return amg_error(AMG_ERR_OVERFLOW, "csr32: %lld entries do not fit 32-bit offsets",
                     (long long)a->nnz);
  spgemm_csr32 *c = (spgemm_csr32 *)calloc(1, sizeof *c);
  if (!c)
    return amg_error(AMG_ERR_NOMEM, "csr32: out of host memory");
  c->m = a->m;
  c->n = a->n;
  c->nnz = (int32_t)a->nnz;
  amg_status s = fmt_device_alloc((void **)&c->row_ptr, ((size_t)a->m + 1) * sizeof(int32_t));
  if (s == AMG_OK)
    *out = c;
  else
    spgemm_csr32_destroy(c);
  return s;
}

/* Row offsets only: the matrix's columns and values are handed over, not copied. */
extern "C" amg_status spgemm_csr32_take_csr(fmt_csr *a, spgemm_csr32 **out) {
  if (!out || !a) {
    fmt_csr_destroy(a); /* taken, also on failure */
    return amg_error(AMG_ERR_ARG, "spgemm_csr32_take_csr: %s is NULL", out ? "a" : "out");
  }
  *out = NULL;
  spgemm_csr32 *c = NULL;
  amg_status s = csr32_with_shape(a, &c);
  if (s == AMG_OK)
    s = convert_row_ptr(a->m, a->row_ptr, c->row_ptr);
  if (s == AMG_OK) {
    c->col = a->col;
    c->val = a->val;
    a->col = NULL;
    a->val = NULL;
    *out = c;
  } else {
    spgemm_csr32_destroy(c);
  }
  fmt_csr_destroy(a);
  return s;
}

extern "C" amg_status spgemm_csr32_take_to_csr(spgemm_csr32 *a, fmt_csr **out) {
  if (!out || !a) {
    spgemm_csr32_destroy(a); /* taken, also on failure */
    return amg_error(AMG_ERR_ARG, "spgemm_csr32_take_to_csr: %s is NULL", out ? "a" : "out");
  }
  *out = NULL;
  fmt_csr *c = NULL;
  amg_status s = fmt_csr_create(a->m, a->n, 0, FMT_DEVICE, &c); /* row offsets only */
  if (s == AMG_OK)
    s = convert_row_ptr(a->m, a->row_ptr, c->row_ptr);
  if (s == AMG_OK) {
    c->nnz = a->nnz;
    c->col = a->col;
    c->val = a->val;
    a->col = NULL;
    a->val = NULL;
    *out = c;
  } else {
    fmt_csr_destroy(c);
  }
  spgemm_csr32_destroy(a);
  return s;
}

extern "C" void spgemm_csr32_destroy(spgemm_csr32 *a) {
  if (!a)
    return;
  fmt_device_free(a->row_ptr);
  fmt_device_free(a->col);
  fmt_device_free(a->val);
  free(a);
}

FMT_DEVICE_MODULE(convert_kernel<int64_t, int32_t>);
