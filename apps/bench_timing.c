/* Timing for the GPU benchmarks (see bench_timing.h). */
#include "bench_timing.h"

#include <stdlib.h>

amg_status bench_measure(bench_call call, bench_cleanup cleanup, void *ctx, int reps, bench_time *out) {
  fmt_timer *timer = NULL;
  double *ms = calloc((size_t)reps, sizeof *ms);
  amg_status s = ms ? fmt_timer_create(&timer) : amg_error(AMG_ERR_NOMEM, "bench: out of memory");
  if (s != AMG_OK)
    goto done;
  s = fmt_device_sync();
  size_t base = fmt_device_bytes_in_use();
  fmt_device_reset_peak();
  for (int r = -BENCH_WARMUP; r < reps && s == AMG_OK; r++) {
    void *result = NULL;
    double t = 0;
    s = fmt_timer_start(timer);
    if (s == AMG_OK)
      s = call(ctx, &result);
    if (s == AMG_OK)
      s = fmt_timer_stop(timer, &t);
    if (result && cleanup)
      cleanup(result);
    if (s == AMG_OK)
      s = fmt_device_sync();
    if (r >= 0)
      ms[r] = t;
  }
  if (s != AMG_OK)
    goto done;
  size_t peak = fmt_device_peak_bytes();
  fmt_sort_double(ms, (size_t)reps);
  out->median_ms = reps % 2 ? ms[reps / 2] : 0.5 * (ms[reps / 2 - 1] + ms[reps / 2]);
  out->min_ms = ms[0];
  out->max_ms = ms[reps - 1];
  out->reps = reps;
  out->peak_bytes = peak > base ? peak - base : 0;
done:
  fmt_timer_destroy(timer);
  free(ms);
  return s;
}

typedef struct copy_ctx {
  void *dst, *src;
  size_t bytes;
} copy_ctx;

static amg_status call_copy(void *ctx, void **result) {
  copy_ctx *c = ctx;
  return fmt_device_copy(c->dst, c->src, c->bytes);
}

amg_status bench_copy_bandwidth(double *bytes_per_s) {
  copy_ctx c = {NULL, NULL, (size_t)256 << 20};
  bench_time t;
  amg_status s = fmt_device_alloc(&c.src, c.bytes);
  if (s == AMG_OK)
    s = fmt_device_alloc(&c.dst, c.bytes);
  if (s == AMG_OK)
    s = bench_measure(call_copy, NULL, &c, 10, &t);
  if (s == AMG_OK)
    *bytes_per_s = 2.0 * c.bytes / (t.median_ms * 1e-3);
  fmt_device_free(c.src);
  fmt_device_free(c.dst);
  return s;
}

double bench_tile_bytes(const fmt_tile *a) {
  /* tile_ptr, and per tile: tile_col 4, tile_nnz 8, row_ptr 16, mask 32; per entry idx 1 + val 8 */
  return 8.0 * (a->tile_m + 1) + 60.0 * (double)a->num_tiles + 9.0 * (double)a->nnz;
}

double bench_csr32_bytes(int32_t m, int64_t nnz) { return 4.0 * (m + 1) + 12.0 * (double)nnz; }

double bench_csr_bytes(int32_t m, int64_t nnz) { return 8.0 * (m + 1) + 12.0 * (double)nnz; }
