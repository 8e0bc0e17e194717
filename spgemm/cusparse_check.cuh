/* cuSPARSE calls in library code: a failure becomes an amg_status whose
 * message names file:line and the call (allocation failures map to
 * AMG_ERR_DEVICE_NOMEM). Shared by spgemm/ and solver/. */
#ifndef SPGEMM_CUSPARSE_CHECK_CUH
#define SPGEMM_CUSPARSE_CHECK_CUH

#include <cusparse.h>

#include "amg_status.h"

/* Stores the status in s and jumps to label on failure. */
#define CUSPARSE_GOTO(call, s, label)                                                              \
  do {                                                                                             \
    cusparseStatus_t cs_ = (call);                                                                 \
    if (cs_ != CUSPARSE_STATUS_SUCCESS) {                                                          \
      (s) = amg_error(cs_ == CUSPARSE_STATUS_ALLOC_FAILED ? AMG_ERR_DEVICE_NOMEM : AMG_ERR_CUDA,   \
                      "%s:%d: %s: %s", __FILE__, __LINE__, #call, cusparseGetErrorString(cs_));    \
      goto label;                                                                                  \
    }                                                                                              \
  } while (0)

#endif
