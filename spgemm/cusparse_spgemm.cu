/* C = A*B through cusparseSpGEMM (generic API, CSR, FP64, ALG_DEFAULT), the
 * baseline. C's arrays and cuSPARSE's two work buffers come from the same
 * pool allocator as the tiled product's, so both are timed alike. */
#include <cusparse.h>
#include <stdlib.h>

#include "device_util.cuh"
#include "cusparse_check.cuh"
#include "spgemm.h"

static cusparseHandle_t library_handle;

/* The library's handle, created on first use and kept only once it is bound
 * to the library stream. */
static amg_status handle(cusparseHandle_t *h) {
  amg_status s = AMG_OK;
  cusparseHandle_t fresh = NULL;
  if (!library_handle) {
    CUSPARSE_GOTO(cusparseCreate(&fresh), s, done);
    CUSPARSE_GOTO(cusparseSetStream(fresh, fmt_stream()), s, done);
    library_handle = fresh;
    fresh = NULL;
  }
done:
  if (fresh)
    cusparseDestroy(fresh);
  *h = library_handle;
  return s;
}

extern "C" amg_status spgemm_device_init(void) {
  cusparseHandle_t h;
  return handle(&h);
}

static amg_status describe(const spgemm_csr32 *a, cusparseSpMatDescr_t *d) {
  amg_status s = AMG_OK;
  CUSPARSE_GOTO(cusparseCreateCsr(d, a->m, a->n, a->nnz, a->row_ptr, a->col, a->val, CUSPARSE_INDEX_32I,
                                  CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F),
                s, done);
done:
  return s;
}

extern "C" amg_status spgemm_cusparse(const spgemm_csr32 *a, const spgemm_csr32 *b, spgemm_csr32 **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "spgemm_cusparse: out is NULL");
  *out = NULL;
  if (!a || !b)
    return amg_error(AMG_ERR_ARG, "spgemm_cusparse: %s is NULL", a ? "b" : "a");
  if (a->n != b->m)
    return amg_error(AMG_ERR_ARG, "spgemm: inner dimensions differ (%d x %d times %d x %d)", a->m,
                     a->n, b->m, b->n);
  const double one = 1.0, zero = 0.0;
  const cusparseOperation_t op = CUSPARSE_OPERATION_NON_TRANSPOSE;
  const cusparseSpGEMMAlg_t alg = CUSPARSE_SPGEMM_DEFAULT;
  cusparseHandle_t h = NULL;
  cusparseSpMatDescr_t da = NULL, db = NULL, dc = NULL;
  cusparseSpGEMMDescr_t desc = NULL;
  void *buf1 = NULL, *buf2 = NULL;
  size_t size1 = 0, size2 = 0;
  int64_t rows = 0, cols = 0, nnz = 0;
  spgemm_csr32 *c = (spgemm_csr32 *)calloc(1, sizeof *c);
  amg_status s = c ? AMG_OK : amg_error(AMG_ERR_NOMEM, "spgemm_cusparse: out of host memory");
  if (s != AMG_OK)
    return s;
  AMG_TRY_GOTO(handle(&h), s, done);
  AMG_TRY_GOTO(describe(a, &da), s, done);
  AMG_TRY_GOTO(describe(b, &db), s, done);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&c->row_ptr, ((size_t)a->m + 1) * sizeof(int32_t)), s, done);
  CUSPARSE_GOTO(cusparseCreateCsr(&dc, a->m, b->n, 0, c->row_ptr, NULL, NULL, CUSPARSE_INDEX_32I,
                                  CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F),
                s, done);
  CUSPARSE_GOTO(cusparseSpGEMM_createDescr(&desc), s, done);
  CUSPARSE_GOTO(cusparseSpGEMM_workEstimation(h, op, op, &one, da, db, &zero, dc, CUDA_R_64F, alg,
                                              desc, &size1, NULL),
                s, done);
  AMG_TRY_GOTO(fmt_device_alloc(&buf1, size1), s, done);
  CUSPARSE_GOTO(cusparseSpGEMM_workEstimation(h, op, op, &one, da, db, &zero, dc, CUDA_R_64F, alg,
                                              desc, &size1, buf1),
                s, done);
  CUSPARSE_GOTO(cusparseSpGEMM_compute(h, op, op, &one, da, db, &zero, dc, CUDA_R_64F, alg, desc,
                                       &size2, NULL),
                s, done);
  AMG_TRY_GOTO(fmt_device_alloc(&buf2, size2), s, done);
  CUSPARSE_GOTO(cusparseSpGEMM_compute(h, op, op, &one, da, db, &zero, dc, CUDA_R_64F, alg, desc,
                                       &size2, buf2),
                s, done);
  CUSPARSE_GOTO(cusparseSpMatGetSize(dc, &rows, &cols, &nnz), s, done);
  if (nnz > INT32_MAX) {
    s = amg_error(AMG_ERR_OVERFLOW, "spgemm_cusparse: C has %lld entries, over 2^31-1", (long long)nnz);
    goto done;
  }
  c->m = a->m;
  c->n = b->n;
  c->nnz = (int32_t)nnz;
  AMG_TRY_GOTO(fmt_device_alloc((void **)&c->col, (size_t)nnz * sizeof(int32_t)), s, done);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&c->val, (size_t)nnz * sizeof(double)), s, done);
  CUSPARSE_GOTO(cusparseCsrSetPointers(dc, c->row_ptr, c->col, c->val), s, done);
  CUSPARSE_GOTO(cusparseSpGEMM_copy(h, op, op, &one, da, db, &zero, dc, CUDA_R_64F, alg, desc), s, done);
done:
  if (desc)
    cusparseSpGEMM_destroyDescr(desc);
  if (da)
    cusparseDestroySpMat(da);
  if (db)
    cusparseDestroySpMat(db);
  if (dc)
    cusparseDestroySpMat(dc);
  fmt_device_free(buf1);
  fmt_device_free(buf2);
  if (s == AMG_OK)
    *out = c;
  else
    spgemm_csr32_destroy(c);
  return s;
}
