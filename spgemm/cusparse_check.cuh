/* cuSPARSE calls in library code: a failure becomes an amg_status whose
 * message names file:line and the call (allocation failures map to
 * AMG_ERR_DEVICE_NOMEM), and clears the runtime's last error, as
 * amg_cuda_status does. Shared by spgemm/ and solver/. */
#ifndef SPGEMM_CUSPARSE_CHECK_CUH
#define SPGEMM_CUSPARSE_CHECK_CUH

#include <cusparse.h>

#include "amg_status.h"

/* Stores cuSPARSE's status in cs (a cusparseStatus_t lvalue) and, on
 * failure, the amg_status in s, then jumps to label. */
#define CUSPARSE_GOTO_STATUS(call, cs, s, label)                                                   \
  do {                                                                                             \
    (cs) = (call);                                                                                 \
    if ((cs) != CUSPARSE_STATUS_SUCCESS) {                                                         \
      (void)cudaGetLastError(); /* what cuSPARSE left pending is this failure, not a later call's */ \
      (s) = amg_error((cs) == CUSPARSE_STATUS_ALLOC_FAILED ? AMG_ERR_DEVICE_NOMEM : AMG_ERR_CUDA,  \
                      "%s:%d: %s: %s", __FILE__, __LINE__, #call, cusparseGetErrorString(cs));     \
      goto label;                                                                                  \
    }                                                                                              \
  } while (0)

/* Stores the status in s and jumps to label on failure. */
#define CUSPARSE_GOTO(call, s, label)                                                              \
  do {                                                                                             \
    cusparseStatus_t cs_;                                                                          \
    CUSPARSE_GOTO_STATUS(call, cs_, s, label);                                                     \
  } while (0)

#endif
