/* Device SpMV, residual and Jacobi sweep (every kernel variant) and the
 * device vector kernels against the host versions.
 *
 * Per entry, |device - host| <= 1e-13 * (sum_j |a_ij x_j|) for A x, with
 * |b_i| added for the residual and the Jacobi sweep's own magnitudes for
 * it. Each result must be bitwise identical when computed twice, and the
 * variants that sum a row in the host's order ("row", "batch" and "list")
 * must agree bit for bit with each other. Nothing may be written past the end
 * of an output. The element-wise vector kernels round exactly as the host
 * and must match it bit for bit.
 * The cuSPARSE baseline and the power-iteration step are checked against
 * the host too. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "amg_ops.h"
#include "spmv_variants.h"
#include "test_util.h"

#define SENTINEL 12345.678
#define OMEGA 0.6

/* ---- device vectors ----
 * The library copies matrices between host and device, not bare arrays,
 * so a device vector lives as the values of a 1 x n device CSR matrix
 * (the holder); uploading and downloading the holder moves the vector. */
typedef struct dvec {
  fmt_csr *holder;
  double *p; /* holder->val on the device */
  int32_t n;
} dvec;

static dvec dvec_upload(const double *v, int32_t n) {
  dvec d = {NULL, NULL, n};
  fmt_csr *h = NULL;
  CHECK_OK(fmt_csr_create(1, n, n, FMT_HOST, &h));
  if (!h)
    return d;
  h->row_ptr[0] = 0;
  h->row_ptr[1] = n;
  for (int32_t j = 0; j < n; j++) {
    h->col[j] = j;
    h->val[j] = v[j];
  }
  CHECK_OK(fmt_csr_upload(h, &d.holder));
  fmt_csr_destroy(h);
  d.p = d.holder ? d.holder->val : NULL;
  return d;
}

static void dvec_download(const dvec *d, double *out) {
  fmt_csr *h = NULL;
  CHECK_OK(fmt_csr_download(d->holder, &h));
  if (h)
    memcpy(out, h->val, (size_t)d->n * sizeof *out);
  fmt_csr_destroy(h);
}

static void dvec_free(dvec *d) {
  fmt_csr_destroy(d->holder);
  d->holder = NULL;
  d->p = NULL;
}

/* n + 1 entries: n random values in +-[0.5, 1.5) (never zero), then SENTINEL. */
static double *random_vector(int32_t n, uint64_t seed) {
  test_rng rng = {seed};
  double *v = malloc(((size_t)n + 1) * sizeof *v);
  for (int32_t i = 0; i < n; i++)
    v[i] = (0.5 + test_rng_uniform(&rng)) * (test_rng_next(&rng) & 1 ? 1.0 : -1.0);
  v[n] = SENTINEL;
  return v;
}

/* Counts entries with |got - want| > rtol * scale[i] and a changed sentinel; prints a few. */
static int mismatches(const char *what, const char *name, int32_t m, const double *got, const double *want,
                      const double *scale, double rtol) {
  int bad = 0;
  for (int32_t i = 0; i < m; i++)
    if (!(fabs(got[i] - want[i]) <= rtol * scale[i]) && bad++ < 3)
      fprintf(stderr, "%s, %s: entry %d: %.17g, expected %.17g (scale %.3g)\n", name, what, i, got[i],
              want[i], scale[i]);
  if (got[m] != SENTINEL) {
    fprintf(stderr, "%s, %s: wrote past the end of the output\n", name, what);
    bad++;
  }
  return bad;
}

/* One device operation (0 spmv, 1 residual, 2 jacobi) into out (m + 1 entries, sentinel last). */
static amg_status run_op(int op, const fmt_tile *da, const dvec *x, const dvec *b, const dvec *dinv, dvec *out) {
  switch (op) {
  case 0: return amg_spmv_device(da, x->p, out->p);
  case 1: return amg_residual_device(da, b->p, x->p, out->p);
  default: return amg_jacobi_device(da, dinv->p, OMEGA, b->p, x->p, out->p);
  }
}

static void check_matrix(const fmt_csr *a, const char *name) {
  static const char *const op_names[3] = {"spmv", "residual", "jacobi"};
  fmt_tile *t = NULL, *da = NULL;
  CHECK_OK(fmt_tile_from_csr(a, &t));
  if (t)
    CHECK_OK(fmt_tile_upload(t, &da));
  if (!t || !da) {
    fmt_tile_destroy(t);
    return;
  }
  const int32_t m = a->m, n = a->n;
  const int ops = m == n ? 3 : 2;
  double *hx = random_vector(n, 101 + (uint64_t)n), *hb = random_vector(m, 102 + (uint64_t)m);
  double *hdinv = random_vector(m, 103);
  double *want[3], *scale[3], *got = malloc(((size_t)m + 1) * sizeof *got);
  double *again = malloc(((size_t)m + 1) * sizeof *again);
  double *row_result[3]; /* each operation's result with the row variant */
  for (int op = 0; op < 3; op++) {
    want[op] = random_vector(m, 104);
    scale[op] = random_vector(m, 105);
  }
  /* host references and per-entry scales */
  CHECK_OK(amg_spmv_host(t, hx, want[0]));
  CHECK_OK(amg_residual_host(t, hb, hx, want[1]));
  if (ops == 3)
    CHECK_OK(amg_jacobi_host(t, hdinv, OMEGA, hb, hx, want[2]));
  for (int32_t i = 0; i < m; i++) {
    double s = 0.0;
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
      s += fabs(a->val[k] * hx[a->col[k]]);
    scale[0][i] = s;
    scale[1][i] = s + fabs(hb[i]);
    scale[2][i] = fabs(OMEGA * hdinv[i]) * scale[1][i] + fabs(hx[i]);
  }
  dvec x = dvec_upload(hx, n), b = dvec_upload(hb, m), dinv = dvec_upload(hdinv, m);
  dvec out = dvec_upload(want[0], m + 1); /* m entries to overwrite, then the sentinel */
  for (int op = 0; op < 3; op++)
    row_result[op] = malloc(((size_t)m + 1) * sizeof *row_result[op]);
  /* Every variant (row first: batch and list are compared with it); batch
   * in both forms, stream-block with each of its warp counts, list with
   * each of its slot counts (rows longer than a round take several). */
  static const int runs[][4] = {{AMG_SPMV_ROW, 0, 0, 0},
                                {AMG_SPMV_BATCH, 0, AMG_SPMV_BATCH_FORM_PAIRS, 0},
                                {AMG_SPMV_BATCH, 0, AMG_SPMV_BATCH_FORM_MERGED, 0},
                                {AMG_SPMV_BATCH_WARP, 0, 0, 0},
                                {AMG_SPMV_STREAM, 0, 0, 0},
                                {AMG_SPMV_STREAM_BLOCK, 2, 0, 0},
                                {AMG_SPMV_STREAM_BLOCK, 4, 0, 0},
                                {AMG_SPMV_STREAM_BLOCK, 8, 0, 0},
                                {AMG_SPMV_LIST, 0, 0, 6},
                                {AMG_SPMV_LIST, 0, 0, 8},
                                {AMG_SPMV_LIST, 0, 0, 10}};
  for (size_t k = 0; k < sizeof runs / sizeof *runs; k++) {
    const int v = runs[k][0];
    CHECK_OK(amg_spmv_set_variant(v));
    CHECK_OK(amg_spmv_set_stream_warps(runs[k][1]));
    CHECK_OK(amg_spmv_set_batch_form(runs[k][2]));
    CHECK_OK(amg_spmv_set_list_slots(runs[k][3]));
    for (int op = 0; op < ops; op++) {
      char what[80];
      snprintf(what, sizeof what, "%s, variant %s (warps %d, form %d, slots %d)", op_names[op],
               amg_spmv_variant_name(v), runs[k][1], runs[k][2], runs[k][3]);
      got[m] = again[m] = SENTINEL;
      CHECK_OK(run_op(op, da, &x, &b, &dinv, &out));
      dvec_download(&out, got);
      CHECK(mismatches(what, name, m, got, want[op], scale[op], 1e-13) == 0, "%s: %s differs from the host",
            name, what);
      CHECK_OK(run_op(op, da, &x, &b, &dinv, &out));
      dvec_download(&out, again);
      CHECK(memcmp(got, again, ((size_t)m + 1) * sizeof *got) == 0, "%s: %s not bitwise reproducible", name,
            what);
      if (v == AMG_SPMV_ROW)
        memcpy(row_result[op], got, ((size_t)m + 1) * sizeof *got);
      if (v == AMG_SPMV_BATCH || v == AMG_SPMV_LIST)
        CHECK(memcmp(row_result[op], got, (size_t)m * sizeof(double)) == 0,
              "%s: %s sums in the row variant's order but differs from it", name, what);
    }
  }
  CHECK_OK(amg_spmv_set_variant(AMG_SPMV_DEFAULT_VARIANT));
  CHECK_OK(amg_spmv_set_stream_warps(0));
  CHECK_OK(amg_spmv_set_batch_form(AMG_SPMV_BATCH_FORM_MODEL));
  CHECK_OK(amg_spmv_set_list_slots(0));

  /* the cuSPARSE baseline */
  fmt_csr *dcsr = NULL;
  amg_spmv_baseline *bl = NULL;
  CHECK_OK(fmt_csr_upload(a, &dcsr));
  if (dcsr)
    CHECK_OK(amg_spmv_baseline_create(dcsr, &bl));
  if (bl) {
    got[m] = SENTINEL;
    CHECK_OK(amg_spmv_baseline_apply(bl, x.p, out.p));
    dvec_download(&out, got);
    CHECK(mismatches("cusparse", name, m, got, want[0], scale[0], 1e-13) == 0,
          "%s: cuSPARSE baseline differs from the host", name);
    int ob = amg_spmv_baseline_offset_bytes(bl);
    CHECK(ob == 4 || ob == 8, "%s: baseline offset bytes %d", name, ob);
  }
  amg_spmv_baseline_destroy(bl);
  fmt_csr_destroy(dcsr);

  for (int op = 0; op < 3; op++) {
    free(row_result[op]);
    free(want[op]);
    free(scale[op]);
  }
  dvec_free(&x);
  dvec_free(&b);
  dvec_free(&dinv);
  dvec_free(&out);
  free(hx);
  free(hb);
  free(hdinv);
  free(got);
  free(again);
  fmt_tile_destroy(t);
  fmt_tile_destroy(da);
}

static void check_blas1(int32_t n) {
  double *hx = random_vector(n, 201 + (uint64_t)n), *hy = random_vector(n, 202);
  double *got = malloc(((size_t)n + 2) * sizeof *got), *want = malloc(((size_t)n + 2) * sizeof *want);
  dvec x = dvec_upload(hx, n), y = dvec_upload(hy, n + 1); /* y's sentinel at [n] */

  /* y = 0.3 x + y, then fill: each compared bitwise */
  memcpy(want, hy, ((size_t)n + 1) * sizeof *want);
  CHECK_OK(amg_axpy_host(n, 0.3, hx, want));
  CHECK_OK(amg_axpy_device(n, 0.3, x.p, y.p));
  dvec_download(&y, got);
  CHECK(memcmp(got, want, ((size_t)n + 1) * sizeof *got) == 0, "axpy n=%d differs from the host", n);
  CHECK_OK(amg_fill_host(n, 0.125, want));
  CHECK_OK(amg_fill_device(n, 0.125, y.p));
  dvec_download(&y, got);
  CHECK(memcmp(got, want, ((size_t)n + 1) * sizeof *got) == 0, "fill n=%d differs from the host", n);

  dvec_free(&x);
  dvec_free(&y);
  free(hx);
  free(hy);
  free(got);
  free(want);
}

/* One power step (y = A x given; the sums, y = D^-1 y normalised) against
 * the host: sums within 1e-13 relative (x'y relative to sum |x_i y_i|),
 * y within 1e-13 of its largest entry, and two device runs bitwise equal. */
static void check_power_step(int32_t n) {
  double *hx = random_vector(n, 301 + (uint64_t)n), *hy = random_vector(n, 302);
  double *hd = random_vector(n, 303), *hdinv = malloc(((size_t)n + 1) * sizeof *hdinv);
  double *got = malloc(((size_t)n + 1) * sizeof *got), *again = malloc(((size_t)n + 1) * sizeof *again);
  for (int32_t i = 0; i < n; i++) {
    hd[i] = 1.0 + fabs(hd[i]);
    hdinv[i] = 1.0 / hd[i];
  }
  dvec x = dvec_upload(hx, n), d = dvec_upload(hd, n), dinv = dvec_upload(hdinv, n);
  double host_stats[AMG_POWER_STATS], dev_stats[2][AMG_POWER_STATS];
  double *stats = NULL, *work = NULL;
  CHECK_OK(fmt_alloc((void **)&stats, AMG_POWER_STATS, sizeof *stats, FMT_DEVICE));
  CHECK_OK(fmt_alloc((void **)&work, (size_t)AMG_POWER_STATS * AMG_POWER_PARTIALS, sizeof *work, FMT_DEVICE));
  for (int run = 0; run < 2; run++) {
    dvec y = dvec_upload(hy, n + 1); /* sentinel at [n] */
    CHECK_OK(amg_power_step_device(n, d.p, dinv.p, x.p, y.p, stats, work));
    CHECK_OK(fmt_copy(dev_stats[run], FMT_HOST, stats, FMT_DEVICE, sizeof dev_stats[run]));
    dvec_download(&y, run == 0 ? got : again);
    dvec_free(&y);
  }
  double xy_abs = 0.0; /* x'y has cancellation: compare it against sum |x_i y_i| */
  for (int32_t i = 0; i < n; i++)
    xy_abs += fabs(hx[i] * hy[i]);
  CHECK_OK(amg_power_step_host(n, hd, hdinv, hx, hy, host_stats));
  for (int k = 0; k < AMG_POWER_STATS; k++)
    CHECK(fabs(dev_stats[0][k] - host_stats[k]) <= 1e-13 * (k == AMG_POWER_XAX ? xy_abs : host_stats[k]),
          "power step n=%d, sum %d: device %.17g, host %.17g", n, k, dev_stats[0][k], host_stats[k]);
  double ymax = 0.0, *scale = malloc(((size_t)n + 1) * sizeof *scale);
  for (int32_t i = 0; i < n; i++)
    ymax = fabs(hy[i]) > ymax ? fabs(hy[i]) : ymax;
  for (int32_t i = 0; i < n; i++)
    scale[i] = ymax;
  CHECK(mismatches("power step", "random", n, got, hy, scale, 1e-13) == 0,
        "power step n=%d: y differs from the host", n);
  CHECK(memcmp(dev_stats[0], dev_stats[1], sizeof dev_stats[0]) == 0 &&
            memcmp(got, again, (size_t)n * sizeof *got) == 0,
        "power step n=%d not bitwise reproducible", n);
  fmt_free(stats, FMT_DEVICE);
  fmt_free(work, FMT_DEVICE);
  dvec_free(&x);
  dvec_free(&d);
  dvec_free(&dinv);
  free(hx);
  free(hy);
  free(hd);
  free(hdinv);
  free(got);
  free(again);
  free(scale);
}

int main(void) {
  test_require_device("test_gpu_spmv");
  const char *name;
  fmt_csr *a;
  for (int i = 0; (a = test_matrix(i, &name)) != NULL; i++) {
    check_matrix(a, name);
    fmt_csr_destroy(a);
  }
  /* wide (tile rows of > 32 tiles: several windows in "stream", and
   * several steps per warp in "stream-block"), tall,
   * sparse rectangular, and larger Poisson matrices (many blocks) */
  a = test_random_csr(40, 1200, 0.3, 41, 0, 0);
  check_matrix(a, "random 40x1200 d=0.3");
  fmt_csr_destroy(a);
  a = test_random_csr(1000, 20, 0.2, 42, 7, 0);
  check_matrix(a, "random 1000x20 d=0.2, empty rows%7");
  fmt_csr_destroy(a);
  a = test_random_csr_rows(3001, 2999, 9, 43);
  check_matrix(a, "random 3001x2999, 9 per row");
  fmt_csr_destroy(a);
  CHECK_OK(fmt_poisson(27, 40, &a));
  if (a)
    check_matrix(a, "poisson 3D 27-point n=40");
  fmt_csr_destroy(a);
  CHECK_OK(fmt_poisson(5, 301, &a));
  if (a)
    check_matrix(a, "poisson 2D 5-point n=301");
  fmt_csr_destroy(a);

  static const int32_t lengths[] = {0, 1, 5, 255, 256, 2049, 65537, 3000001};
  for (size_t k = 0; k < sizeof lengths / sizeof *lengths; k++)
    check_blas1(lengths[k]);
  for (size_t k = 1; k < sizeof lengths / sizeof *lengths; k++)
    check_power_step(lengths[k]);
  return test_finish("test_gpu_spmv");
}
