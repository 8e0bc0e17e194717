/* CUDA-event timer on the library stream (see fmt_timer in formats.h). */
#include <stdlib.h>

#include "cuda_check.cuh"
#include "formats.h"

struct fmt_timer {
  cudaEvent_t start, stop;
};

extern "C" amg_status fmt_timer_create(fmt_timer **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "timer_create: t is NULL");
  *out = NULL;
  fmt_timer *t = (fmt_timer *)calloc(1, sizeof *t);
  if (!t)
    return amg_error(AMG_ERR_NOMEM, "timer: out of host memory");
  cudaError_t e = cudaEventCreate(&t->start);
  if (e == cudaSuccess)
    e = cudaEventCreate(&t->stop);
  if (e != cudaSuccess) {
    fmt_timer_destroy(t);
    return amg_cuda_status(e, "cudaEventCreate", __FILE__, __LINE__);
  }
  *out = t;
  return AMG_OK;
}

extern "C" void fmt_timer_destroy(fmt_timer *t) {
  if (!t)
    return;
  if (t->start)
    cudaEventDestroy(t->start);
  if (t->stop)
    cudaEventDestroy(t->stop);
  free(t);
}

extern "C" amg_status fmt_timer_start(fmt_timer *t) {
  if (!t)
    return amg_error(AMG_ERR_ARG, "timer_start: t is NULL");
  AMG_CUDA_TRY(cudaEventRecord(t->start, fmt_stream()));
  return AMG_OK;
}

extern "C" amg_status fmt_timer_stop(fmt_timer *t, double *ms) {
  if (ms)
    *ms = 0;
  if (!t || !ms)
    return amg_error(AMG_ERR_ARG, "timer_stop: %s is NULL", t ? "ms" : "t");
  float elapsed = 0;
  AMG_CUDA_TRY(cudaEventRecord(t->stop, fmt_stream()));
  AMG_CUDA_TRY(cudaEventSynchronize(t->stop));
  AMG_CUDA_TRY(cudaEventElapsedTime(&elapsed, t->start, t->stop));
  *ms = elapsed;
  return AMG_OK;
}
