/* cuSPARSE's CSR SpMV (generic API, FP64), the baseline our tile SpMV is
 * measured against in spmv_bench. Device only; AMG_ERR_NO_CUDA otherwise. */
#ifndef AMG_SPMV_BASELINE_H
#define AMG_SPMV_BASELINE_H

#include "formats.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct amg_spmv_baseline amg_spmv_baseline;

/* Prepares y = A x for a device CSR matrix (32-bit column indices, 64-bit offsets). */
amg_status amg_spmv_baseline_create(const fmt_csr *dev_csr, amg_spmv_baseline **out);
amg_status amg_spmv_baseline_apply(amg_spmv_baseline *h, const double *x, double *y);
void amg_spmv_baseline_destroy(amg_spmv_baseline *h);

#ifdef __cplusplus
}
#endif
#endif
