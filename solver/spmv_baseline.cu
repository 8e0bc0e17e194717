/* y = A x through cusparseSpMV (generic API, CSR, FP64, default algorithm),
 * the baseline of spmv_bench. Each handle owns its cuSPARSE handle (on the
 * library stream), the matrix and vector descriptors and the work buffer
 * (from the library pool), so apply does no allocation and no sync.
 *
 * The matrix's own arrays are used when cuSPARSE accepts 64-bit row
 * offsets with 32-bit column indices: create tries that first and runs one
 * product on scratch vectors, so an unsupported combination shows up there
 * (as NOT_SUPPORTED or INVALID_VALUE), not in apply. Otherwise the offsets
 * are narrowed to 32 bits in a copy (AMG_ERR_OVERFLOW past 2^31-1 entries). */
#include <cusparse.h>
#include <stdlib.h>

#include "device_util.cuh"
#include "cusparse_check.cuh"
#include "spmv_baseline.h"
#include "spmv_variants.h"

struct amg_spmv_baseline {
  int32_t m, n;
  int64_t nnz;
  int offset_bytes;         /* 8: the matrix's offsets; 4: row_ptr32 */
  cusparseHandle_t handle;
  cusparseSpMatDescr_t mat;
  cusparseDnVecDescr_t vx, vy;
  void *buffer;
  int32_t *row_ptr32;       /* narrowed offsets, or NULL */
};

static const cusparseOperation_t op = CUSPARSE_OPERATION_NON_TRANSPOSE;
static const cusparseSpMVAlg_t alg = CUSPARSE_SPMV_ALG_DEFAULT;

static __global__ void narrow_kernel(int64_t count, const int64_t *__restrict__ in, int32_t *__restrict__ out) {
  const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    out[i] = (int32_t)in[i];
}

static void release(amg_spmv_baseline *h) {
  if (h->vx)
    cusparseDestroyDnVec(h->vx);
  if (h->vy)
    cusparseDestroyDnVec(h->vy);
  if (h->mat)
    cusparseDestroySpMat(h->mat);
  h->vx = h->vy = NULL;
  h->mat = NULL;
  fmt_device_free(h->buffer);
  fmt_device_free(h->row_ptr32);
  h->buffer = NULL;
  h->row_ptr32 = NULL;
}

/* Descriptors, buffer and one product on x0 -> y0 with the given offsets.
 * Returns the first failing cuSPARSE status in *cs (SUCCESS otherwise). */
static amg_status prepare(amg_spmv_baseline *h, const fmt_csr *a, void *offsets, cusparseIndexType_t otype,
                          double *x0, double *y0, cusparseStatus_t *cs) {
  const double one = 1.0, zero = 0.0;
  size_t bytes = 0;
  amg_status s = AMG_OK;
  *cs = CUSPARSE_STATUS_SUCCESS;
  CUSPARSE_GOTO_STATUS(cusparseCreateCsr(&h->mat, a->m, a->n, a->nnz, offsets, a->col, a->val, otype,
                                         CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F),
                       *cs, s, done);
  CUSPARSE_GOTO_STATUS(cusparseCreateDnVec(&h->vx, a->n, x0, CUDA_R_64F), *cs, s, done);
  CUSPARSE_GOTO_STATUS(cusparseCreateDnVec(&h->vy, a->m, y0, CUDA_R_64F), *cs, s, done);
  CUSPARSE_GOTO_STATUS(cusparseSpMV_bufferSize(h->handle, op, &one, h->mat, h->vx, &zero, h->vy, CUDA_R_64F,
                                               alg, &bytes),
                       *cs, s, done);
  AMG_TRY_GOTO(fmt_device_alloc(&h->buffer, bytes), s, done);
  CUSPARSE_GOTO_STATUS(cusparseSpMV(h->handle, op, &one, h->mat, h->vx, &zero, h->vy, CUDA_R_64F, alg,
                                    h->buffer),
                       *cs, s, done);
  *cs = CUSPARSE_STATUS_SUCCESS;
done:
  return s;
}

extern "C" amg_status amg_spmv_baseline_create(const fmt_csr *a, amg_spmv_baseline **out) {
  *out = NULL;
  if (!a || a->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "spmv_baseline: need a device CSR matrix");
  amg_spmv_baseline *h = (amg_spmv_baseline *)calloc(1, sizeof *h);
  if (!h)
    return amg_error(AMG_ERR_NOMEM, "spmv_baseline: out of host memory");
  h->m = a->m;
  h->n = a->n;
  h->nnz = a->nnz;
  h->offset_bytes = 8;
  double *x0 = NULL, *y0 = NULL;
  cusparseStatus_t cs = CUSPARSE_STATUS_SUCCESS;
  amg_status s = AMG_OK;
  if (a->m == 0 || a->n == 0 || a->nnz == 0)
    goto done; /* apply only clears y */
  CUSPARSE_GOTO(cusparseCreate(&h->handle), s, done);
  CUSPARSE_GOTO(cusparseSetStream(h->handle, fmt_stream()), s, done);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&x0, (size_t)a->n * sizeof(double)), s, done);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&y0, (size_t)a->m * sizeof(double)), s, done);
  AMG_CUDA_GOTO(cudaMemsetAsync(x0, 0, (size_t)a->n * sizeof(double), fmt_stream()), s, done);
  s = prepare(h, a, a->row_ptr, CUSPARSE_INDEX_64I, x0, y0, &cs);
  if (s == AMG_OK || (cs != CUSPARSE_STATUS_NOT_SUPPORTED && cs != CUSPARSE_STATUS_INVALID_VALUE))
    goto done;
  /* mixed index widths refused: narrow the offsets */
  amg_error_clear();
  release(h);
  h->offset_bytes = 4;
  if (a->nnz > INT32_MAX) {
    s = amg_error(AMG_ERR_OVERFLOW, "spmv_baseline: %lld entries do not fit 32-bit CSR offsets",
                  (long long)a->nnz);
    goto done;
  }
  AMG_TRY_GOTO(fmt_device_alloc((void **)&h->row_ptr32, ((size_t)a->m + 1) * sizeof(int32_t)), s, done);
  narrow_kernel<<<fmt_blocks((int64_t)a->m + 1, 1, 256), 256, 0, fmt_stream()>>>((int64_t)a->m + 1, a->row_ptr,
                                                                                h->row_ptr32);
  AMG_LAUNCH_GOTO(s, done);
  s = prepare(h, a, h->row_ptr32, CUSPARSE_INDEX_32I, x0, y0, &cs);
done:
  if (s == AMG_OK)
    s = fmt_device_sync(); /* the trial product has run before the scratch vectors go */
  fmt_device_free(x0);
  fmt_device_free(y0);
  if (s == AMG_OK)
    *out = h;
  else
    amg_spmv_baseline_destroy(h);
  return s;
}

extern "C" amg_status amg_spmv_baseline_apply(amg_spmv_baseline *h, const double *x, double *y) {
  if (!h || (h->n > 0 && !x) || (h->m > 0 && !y))
    return amg_error(AMG_ERR_ARG, "spmv_baseline_apply: NULL handle or vector");
  if (h->m == 0)
    return AMG_OK;
  if (!h->mat) {
    AMG_CUDA_TRY(cudaMemsetAsync(y, 0, (size_t)h->m * sizeof(double), fmt_stream()));
    return AMG_OK;
  }
  const double one = 1.0, zero = 0.0;
  amg_status s = AMG_OK;
  CUSPARSE_GOTO(cusparseDnVecSetValues(h->vx, (void *)x), s, done);
  CUSPARSE_GOTO(cusparseDnVecSetValues(h->vy, y), s, done);
  CUSPARSE_GOTO(cusparseSpMV(h->handle, op, &one, h->mat, h->vx, &zero, h->vy, CUDA_R_64F, alg, h->buffer), s,
                done);
done:
  return s;
}

extern "C" void amg_spmv_baseline_destroy(amg_spmv_baseline *h) {
  if (!h)
    return;
  release(h);
  if (h->handle)
    cusparseDestroy(h->handle);
  free(h);
}

extern "C" int amg_spmv_baseline_offset_bytes(const amg_spmv_baseline *h) { return h ? h->offset_bytes : 0; }

FMT_DEVICE_MODULE(narrow_kernel);
