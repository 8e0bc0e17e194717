/* C = A*B on device tile matrices through either backend. The cusparse
 * backend round-trips through CSR on the GPU; with stats, the product and
 * the conversions are timed separately with events. */
#include "device_util.cuh"
#include "spgemm.h"

static amg_status to_csr32(const fmt_tile *a, spgemm_csr32 **out) {
  fmt_csr *csr = NULL;
  amg_status s = fmt_tile_to_csr_device(a, &csr);
  return s == AMG_OK ? spgemm_csr32_take_csr(csr, out) : s;
}

static amg_status via_cusparse(const fmt_tile *a, const fmt_tile *b, fmt_tile **out, spgemm_stats *stats) {
  spgemm_csr32 *ca = NULL, *cb = NULL, *cc = NULL;
  fmt_csr *csr_c = NULL;
  fmt_tile *c = NULL;
  fmt_timer *timer = NULL;
  double ms = 0;
  amg_status s = AMG_OK;
  if (stats) {
    AMG_TRY_GOTO(fmt_timer_create(&timer), s, done);
    AMG_TRY_GOTO(fmt_timer_start(timer), s, done);
  }
  AMG_TRY_GOTO(to_csr32(a, &ca), s, done);
  AMG_TRY_GOTO(to_csr32(b, &cb), s, done);
  if (stats) {
    AMG_TRY_GOTO(fmt_timer_stop(timer, &ms), s, done);
    stats->convert_ms = ms;
    AMG_TRY_GOTO(fmt_timer_start(timer), s, done);
  }
  AMG_TRY_GOTO(spgemm_cusparse(ca, cb, &cc), s, done);
  if (stats) {
    AMG_TRY_GOTO(fmt_timer_stop(timer, &stats->product_ms), s, done);
    AMG_TRY_GOTO(fmt_timer_start(timer), s, done);
  }
  s = spgemm_csr32_take_to_csr(cc, &csr_c);
  cc = NULL; /* taken */
  if (s != AMG_OK)
    goto done;
  AMG_TRY_GOTO(fmt_tile_from_csr_device(csr_c, &c), s, done);
  if (stats) {
    AMG_TRY_GOTO(fmt_timer_stop(timer, &ms), s, done);
    stats->convert_ms += ms;
    stats->candidate_tiles = 0;
    stats->tiles = c->num_tiles;
    stats->nnz = c->nnz;
  }
  *out = c; /* C is handed over only when everything succeeded */
  c = NULL;
done:
  fmt_tile_destroy(c);
  fmt_timer_destroy(timer);
  spgemm_csr32_destroy(ca);
  spgemm_csr32_destroy(cb);
  spgemm_csr32_destroy(cc);
  fmt_csr_destroy(csr_c);
  return s;
}

extern "C" amg_status spgemm_multiply_device(spgemm_backend be, const fmt_tile *a, const fmt_tile *b,
                                             const fmt_tile *bt, int symmetric, fmt_tile **c,
                                             spgemm_stats *stats) {
  if (!c)
    return amg_error(AMG_ERR_ARG, "spgemm_multiply_device: c is NULL");
  *c = NULL;
  if (!a || !b || a->loc != FMT_DEVICE || b->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "spgemm_multiply_device: need device matrices");
  if (be == SPGEMM_CUSPARSE)
    return via_cusparse(a, b, c, stats);
  spgemm_tile_options opt = {SPGEMM_DENSE_THRESHOLD, SPGEMM_KERNELS_AUTO, symmetric, 0, bt, 0, SPGEMM_PASSES_AUTO, 0,
                             SPGEMM_B_LOOKUP_AUTO, 0};
  return spgemm_tile_device(a, b, c, &opt, stats);
}
