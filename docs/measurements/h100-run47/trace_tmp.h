/* TEMPORARY trace (not committed): host and GPU time between points of one product. */
#ifndef SPGEMM_TRACE_TMP_H
#define SPGEMM_TRACE_TMP_H
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
struct spgemm_trace_t {
  int n;
  const char *name[16];
  double host[16];
  cudaEvent_t ev[16];
};
extern spgemm_trace_t spgemm_trace;
static inline void trace_point(const char *name) {
  static int on = -1;
  if (on < 0) on = getenv("AMG_TRACE") != nullptr;
  if (!on || spgemm_trace.n >= 16) return;
  int k = spgemm_trace.n++;
  if (!spgemm_trace.ev[k]) cudaEventCreate(&spgemm_trace.ev[k]);
  spgemm_trace.name[k] = name;
  spgemm_trace.host[k] = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
  extern cudaStream_t fmt_stream(void);
  cudaEventRecord(spgemm_trace.ev[k], fmt_stream());
}
static inline void trace_print(long long tiles, long long cand) {
  if (spgemm_trace.n == 0) return;
  cudaEventSynchronize(spgemm_trace.ev[spgemm_trace.n - 1]);
  printf("TRACE cand %lld tiles %lld |", cand, tiles);
  for (int k = 1; k < spgemm_trace.n; k++) {
    float ms = 0;
    cudaEventElapsedTime(&ms, spgemm_trace.ev[k - 1], spgemm_trace.ev[k]);
    printf(" %s %.1f/%.1f", spgemm_trace.name[k], spgemm_trace.host[k] - spgemm_trace.host[k - 1], ms * 1e3);
  }
  float tot = 0;
  cudaEventElapsedTime(&tot, spgemm_trace.ev[0], spgemm_trace.ev[spgemm_trace.n - 1]);
  printf(" | total %.1f/%.1f us (host/gpu)\n", spgemm_trace.host[spgemm_trace.n - 1] - spgemm_trace.host[0], tot * 1e3);
  spgemm_trace.n = 0;
}
#endif
