/* CUDA error handling for library code: every runtime call is checked, and a
 * failure becomes an amg_status whose message names file:line and the call.
 * Out-of-memory maps to AMG_ERR_DEVICE_NOMEM and a missing GPU or driver to
 * AMG_ERR_NO_DEVICE, so callers can report them plainly. */
#ifndef FMT_CUDA_CHECK_CUH
#define FMT_CUDA_CHECK_CUH

#include <cuda_runtime.h>

#include "amg_status.h"

static inline amg_status amg_cuda_status(cudaError_t e, const char *call, const char *file,
                                         int line) {
  (void)cudaGetLastError(); /* clear a non-sticky error so later calls start clean */
  amg_status s = e == cudaErrorMemoryAllocation                                        ? AMG_ERR_DEVICE_NOMEM
                 : e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver ? AMG_ERR_NO_DEVICE
                                                                               : AMG_ERR_CUDA;
  return amg_error(s, "%s:%d: %s: %s%s", file, line, call, cudaGetErrorString(e),
                   s == AMG_ERR_DEVICE_NOMEM ? " (out of device memory)" : "");
}

/* Returns from the enclosing function on failure. */
#define AMG_CUDA_TRY(call)                                                                         \
  do {                                                                                             \
    cudaError_t amg_e_ = (call);                                                                   \
    if (amg_e_ != cudaSuccess)                                                                     \
      return amg_cuda_status(amg_e_, #call, __FILE__, __LINE__);                                   \
  } while (0)

/* Stores the status in s and jumps to label on failure (for functions with cleanup). */
#define AMG_CUDA_GOTO(call, s, label)                                                              \
  do {                                                                                             \
    cudaError_t amg_e_ = (call);                                                                   \
    if (amg_e_ != cudaSuccess) {                                                                   \
      (s) = amg_cuda_status(amg_e_, #call, __FILE__, __LINE__);                                    \
      goto label;                                                                                  \
    }                                                                                              \
  } while (0)

/* Checks the launch just queued. */
#define AMG_LAUNCH_GOTO(s, label) AMG_CUDA_GOTO(cudaGetLastError(), s, label)

/* Stores a non-OK status in s and jumps to label. */
#define AMG_TRY_GOTO(expr, s, label)                                                               \
  do {                                                                                             \
    (s) = (expr);                                                                                  \
    if ((s) != AMG_OK)                                                                             \
      goto label;                                                                                  \
  } while (0)

/* The library's stream: all device work is queued on it, in order. */
cudaStream_t fmt_stream(void);
/* A second stream for work that may overlap the library stream's: after
 * fmt_fork(&side), work queued on side starts after everything queued on
 * fmt_stream() so far; fmt_join() makes what is queued on fmt_stream()
 * next wait for everything queued on side. Used between the two so that
 * kernels writing disjoint data run side by side. */
amg_status fmt_fork(cudaStream_t *side);
amg_status fmt_join(void);

/* A small pinned host buffer of FMT_MAILBOX_BYTES mapped into the device's
 * address space: a kernel leaves a result at *device and the host reads it
 * at *host after a stream sync, with no copy call. One per process,
 * allocated on first use; its users take turns on the library stream. */
#define FMT_MAILBOX_BYTES 64
amg_status fmt_host_mailbox(void **host, void **device);

#endif
