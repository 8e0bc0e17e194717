/* Timing for the GPU benchmarks: CUDA events around each call, warm-up
 * first, median of the repeats; the device's copy bandwidth for floors; and
 * the bytes each format must move. */
#ifndef APPS_BENCH_TIMING_H
#define APPS_BENCH_TIMING_H

#include "formats.h"

#define BENCH_WARMUP 2

/* One timed call: does the work (allocations included) and leaves anything
 * to free in *result. cleanup frees it outside the timed region; it may be
 * NULL for a call that leaves nothing. */
typedef amg_status (*bench_call)(void *ctx, void **result);
typedef void (*bench_cleanup)(void *result);

typedef struct bench_time {
  double median_ms, min_ms, max_ms;
  int reps;
  size_t peak_bytes; /* device pool peak above what was in use before */
} bench_time;

amg_status bench_measure(bench_call call, bench_cleanup cleanup, void *ctx, int reps, bench_time *out);

/* Device-to-device copy bandwidth in bytes/s, counting bytes read + written. */
amg_status bench_copy_bandwidth(double *bytes_per_s);

/* Bytes a kernel must read or write to touch a matrix once. */
double bench_tile_bytes(const fmt_tile *a);
double bench_csr32_bytes(int32_t m, int64_t nnz); /* cuSPARSE's: 32-bit offsets */
double bench_csr_bytes(int32_t m, int64_t nnz);   /* fmt_csr's: 64-bit offsets */

#endif
