/* Host SpMV, residual and Jacobi sweep against an independent computation
 * from the CSR form, on the shared test matrices (odd and rectangular
 * sizes, empty rows and tiles, full tiles, Poisson) and a few wide and tall
 * ones; the host vector kernels against plain loops; argument errors,
 * including those of the device entry points (which check before touching
 * the GPU) and of the variant selection.
 *
 * Tolerances: entry i of A x within 1e-14 * sum_j |a_ij x_j| of the CSR
 * sum (the same products in the same order, so normally equal); residual
 * and Jacobi scaled likewise by the magnitudes that enter them. Nothing
 * may be written past the output's end (a sentinel follows it). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "amg_ops.h"
#include "spmv_variants.h"
#include "test_util.h"

#define SENTINEL 12345.678
#define OMEGA 0.6

/* n + 1 entries: n random values in +-[0.5, 1.5) (never zero), then SENTINEL. */
static double *random_vector(int32_t n, uint64_t seed) {
  test_rng rng = {seed};
  double *v = malloc(((size_t)n + 1) * sizeof *v);
  for (int32_t i = 0; i < n; i++)
    v[i] = (0.5 + test_rng_uniform(&rng)) * (test_rng_next(&rng) & 1 ? 1.0 : -1.0);
  v[n] = SENTINEL;
  return v;
}

/* y = A x and scale_i = sum_j |a_ij x_j| straight from CSR. */
static void csr_spmv(const fmt_csr *a, const double *x, double *y, double *scale) {
  for (int32_t i = 0; i < a->m; i++) {
    double s = 0.0, abs_sum = 0.0;
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++) {
      s += a->val[k] * x[a->col[k]];
      abs_sum += fabs(a->val[k] * x[a->col[k]]);
    }
    y[i] = s;
    scale[i] = abs_sum;
  }
}

/* Counts entries with |got - want| > rtol * scale (scale per entry); prints a few. */
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

static void check_matrix(const fmt_csr *a, const char *name) {
  fmt_tile *t = NULL;
  CHECK_OK(fmt_tile_from_csr(a, &t));
  if (!t)
    return;
  int32_t m = a->m, n = a->n;
  double *x = random_vector(n, 11 + (uint64_t)m), *b = random_vector(m, 12 + (uint64_t)n);
  double *dinv = random_vector(m, 13), *y = random_vector(m, 14), *r = random_vector(m, 15);
  double *ref = malloc(((size_t)m + 1) * sizeof *ref), *scale = malloc(((size_t)m + 1) * sizeof *scale);
  double *want = malloc(((size_t)m + 1) * sizeof *want), *tol = malloc(((size_t)m + 1) * sizeof *tol);
  csr_spmv(a, x, ref, scale);

  CHECK_OK(amg_spmv_host(t, x, y));
  CHECK(mismatches("spmv", name, m, y, ref, scale, 1e-14) == 0, "%s: spmv differs from CSR", name);

  for (int32_t i = 0; i < m; i++) {
    want[i] = b[i] - ref[i];
    tol[i] = scale[i] + fabs(b[i]);
  }
  CHECK_OK(amg_residual_host(t, b, x, r));
  CHECK(mismatches("residual", name, m, r, want, tol, 1e-14) == 0, "%s: residual differs", name);
  /* r may overwrite b (each entry is read before it is written) */
  memcpy(r, b, (size_t)m * sizeof *r);
  CHECK_OK(amg_residual_host(t, r, x, r));
  CHECK(mismatches("residual in place", name, m, r, want, tol, 1e-14) == 0, "%s: residual in place", name);

  if (m == n) {
    for (int32_t i = 0; i < m; i++) {
      want[i] = x[i] + OMEGA * dinv[i] * (b[i] - ref[i]);
      tol[i] = fabs(OMEGA * dinv[i]) * (scale[i] + fabs(b[i])) + fabs(x[i]);
    }
    CHECK_OK(amg_jacobi_host(t, dinv, OMEGA, b, x, y));
    CHECK(mismatches("jacobi", name, m, y, want, tol, 1e-14) == 0, "%s: jacobi differs", name);
  } else {
    CHECK_ERROR(amg_jacobi_host(t, dinv, OMEGA, b, x, y), AMG_ERR_NOT_SQUARE, "jacobi");
  }

  /* the bytes each variant counts, from the counts alone */
  double tp = 8.0 * (t->tile_m + 1), nt = (double)t->num_tiles, nz = (double)t->nnz;
  CHECK(amg_spmv_matrix_bytes(t, AMG_SPMV_ROW) == tp + 60 * nt + 8 * nz, "%s: row bytes", name);
  CHECK(amg_spmv_matrix_bytes(t, AMG_SPMV_BATCH) == tp + 8.0 * t->tile_m + 36 * nt + 8 * nz,
        "%s: batch bytes", name);
  CHECK(amg_spmv_matrix_bytes(t, AMG_SPMV_BATCH_WARP) == amg_spmv_matrix_bytes(t, AMG_SPMV_BATCH),
        "%s: batch-warp bytes", name);
  CHECK(amg_spmv_matrix_bytes(t, AMG_SPMV_LIST) == amg_spmv_matrix_bytes(t, AMG_SPMV_BATCH), "%s: list bytes",
        name);
  CHECK(amg_spmv_matrix_bytes(t, AMG_SPMV_STREAM) == tp + 12 * nt + 9 * nz, "%s: stream bytes", name);
  CHECK(amg_spmv_matrix_bytes(t, AMG_SPMV_STREAM_BLOCK) == tp + 12 * nt + 9 * nz, "%s: stream-block bytes",
        name);

  free(x);
  free(b);
  free(dinv);
  free(y);
  free(r);
  free(ref);
  free(scale);
  free(want);
  free(tol);
  fmt_tile_destroy(t);
}

static void check_blas1(int32_t n) {
  double *x = random_vector(n, 21 + (uint64_t)n), *y = random_vector(n, 22), *z = random_vector(n, 23);
  double *w = random_vector(n, 24);
  memcpy(z, y, ((size_t)n + 1) * sizeof *z);
  CHECK_OK(amg_axpy_host(n, -0.75, x, z));
  int bad = z[n] != SENTINEL;
  for (int32_t i = 0; i < n; i++)
    bad += z[i] != -0.75 * x[i] + y[i];
  CHECK(bad == 0, "axpy n=%d: %d wrong", n, bad);

  CHECK_OK(amg_fill_host(n, -2.5, w));
  bad = w[n] != SENTINEL;
  for (int32_t i = 0; i < n; i++)
    bad += w[i] != -2.5;
  CHECK(bad == 0, "fill n=%d: %d wrong", n, bad);

  /* power step with D = 2 + x^2 (positive): the sums and y = D^-1 y / |D^-1 y| */
  double *d = malloc(((size_t)n + 1) * sizeof *d), *dinv = malloc(((size_t)n + 1) * sizeof *dinv);
  double stats[AMG_POWER_STATS], xax = 0.0, xdx = 0.0, yy = 0.0;
  for (int32_t i = 0; i < n; i++) {
    d[i] = 2.0 + x[i] * x[i];
    dinv[i] = 1.0 / d[i];
    xax += x[i] * y[i];
    xdx += d[i] * x[i] * x[i];
    yy += (y[i] / d[i]) * (y[i] / d[i]);
  }
  memcpy(z, y, ((size_t)n + 1) * sizeof *z);
  CHECK_OK(amg_power_step_host(n, d, dinv, x, z, stats));
  CHECK(fabs(stats[AMG_POWER_XAX] - xax) <= 1e-13 * n && fabs(stats[AMG_POWER_XDX] - xdx) <= 1e-13 * xdx &&
            fabs(stats[AMG_POWER_YY] - yy) <= 1e-13 * yy,
        "power step n=%d: sums %.17g %.17g %.17g, expected %.17g %.17g %.17g", n, stats[AMG_POWER_XAX],
        stats[AMG_POWER_XDX], stats[AMG_POWER_YY], xax, xdx, yy);
  bad = z[n] != SENTINEL;
  for (int32_t i = 0; i < n; i++)
    bad += !(fabs(z[i] - y[i] / d[i] / sqrt(yy)) <= 1e-14);
  CHECK(bad == 0, "power step n=%d: %d entries of y wrong", n, bad);
  free(d);
  free(dinv);
  free(x);
  free(y);
  free(z);
  free(w);
}

static void check_errors(void) {
  fmt_csr *a = NULL, *rect = NULL;
  fmt_tile *t = NULL, *tr = NULL;
  CHECK_OK(fmt_poisson(5, 5, &a));
  rect = test_random_csr(20, 30, 0.2, 31, 0, 0);
  CHECK_OK(fmt_tile_from_csr(a, &t));
  CHECK_OK(fmt_tile_from_csr(rect, &tr));
  if (!t || !tr)
    goto done;
  double x[32] = {0}, y[32] = {0}, b[32] = {0}, d[32] = {0};
  fmt_tile elsewhere = *t;
  elsewhere.loc = FMT_DEVICE;

  CHECK_ERROR(amg_spmv_host(NULL, x, y), AMG_ERR_ARG, "host matrix");
  CHECK_ERROR(amg_spmv_host(&elsewhere, x, y), AMG_ERR_ARG, "host matrix");
  CHECK_ERROR(amg_spmv_host(t, NULL, y), AMG_ERR_ARG, "NULL");
  CHECK_ERROR(amg_spmv_host(t, x, NULL), AMG_ERR_ARG, "NULL");
  CHECK_ERROR(amg_spmv_host(t, x, x), AMG_ERR_ARG, "alias");
  CHECK_ERROR(amg_residual_host(t, NULL, x, y), AMG_ERR_ARG, "right-hand side");
  CHECK_ERROR(amg_residual_host(t, b, x, x), AMG_ERR_ARG, "alias");
  CHECK_ERROR(amg_jacobi_host(t, d, OMEGA, b, x, x), AMG_ERR_ARG, "alias");
  CHECK_ERROR(amg_jacobi_host(t, NULL, OMEGA, b, x, y), AMG_ERR_ARG, "dinv");
  CHECK_ERROR(amg_jacobi_host(tr, d, OMEGA, b, x, y), AMG_ERR_NOT_SQUARE, "20 x 30");

  CHECK_ERROR(amg_axpy_host(-1, 1.0, x, y), AMG_ERR_ARG, "negative");
  CHECK_ERROR(amg_axpy_host(3, 1.0, x, NULL), AMG_ERR_ARG, "NULL");
  CHECK_ERROR(amg_fill_host(2, 1.0, NULL), AMG_ERR_ARG, "NULL");
  CHECK_OK(amg_fill_host(0, 1.0, NULL));

  /* device entry points check their arguments before using the GPU */
#ifdef AMG_HAVE_CUDA
  CHECK_ERROR(amg_spmv_device(t, x, y), AMG_ERR_ARG, "device matrix");
  CHECK_ERROR(amg_residual_device(t, b, x, y), AMG_ERR_ARG, "device matrix");
  CHECK_ERROR(amg_jacobi_device(t, d, OMEGA, b, x, y), AMG_ERR_ARG, "device matrix");
  CHECK_ERROR(amg_axpy_device(-1, 1.0, x, y), AMG_ERR_ARG, "negative");
  CHECK_ERROR(amg_axpy_device(4, 1.0, NULL, y), AMG_ERR_ARG, "NULL");
  amg_spmv_baseline *bl = NULL;
  CHECK_ERROR(amg_spmv_baseline_create(a, &bl), AMG_ERR_ARG, "device CSR");
  CHECK(bl == NULL, "baseline handle set on failure");
#else
  CHECK_ERROR(amg_spmv_device(t, x, y), AMG_ERR_NO_CUDA, "CUDA");
  CHECK_ERROR(amg_axpy_device(3, 1.0, x, y), AMG_ERR_NO_CUDA, "CUDA");
#endif

  /* variant selection */
  CHECK(amg_spmv_get_variant() == AMG_SPMV_DEFAULT_VARIANT, "default variant %d", amg_spmv_get_variant());
  CHECK_ERROR(amg_spmv_set_variant(AMG_SPMV_AUTO - 1), AMG_ERR_ARG, "variant -2");
  CHECK(!strcmp(amg_spmv_variant_name(AMG_SPMV_AUTO), "auto"), "AMG_SPMV_AUTO is named auto");
  CHECK_ERROR(amg_spmv_set_stream_warps(3), AMG_ERR_ARG, "warps per tile row");
  CHECK(amg_spmv_get_stream_warps() == 0, "a refused warp count leaves the model in charge");
  CHECK_ERROR(amg_spmv_set_batch_form(3), AMG_ERR_ARG, "batch form 3");
  CHECK_ERROR(amg_spmv_set_batch_form(-1), AMG_ERR_ARG, "batch form -1");
  CHECK(amg_spmv_get_batch_form() == AMG_SPMV_BATCH_FORM_MODEL,
        "a refused batch form leaves the shape in charge");
  CHECK_OK(amg_spmv_set_batch_form(AMG_SPMV_BATCH_FORM_PAIRS));
  CHECK(amg_spmv_get_batch_form() == AMG_SPMV_BATCH_FORM_PAIRS, "batch form not kept");
  CHECK_OK(amg_spmv_set_batch_form(AMG_SPMV_BATCH_FORM_MODEL));
  CHECK_ERROR(amg_spmv_set_list_slots(7), AMG_ERR_ARG, "list slots");
  CHECK_ERROR(amg_spmv_set_list_slots(12), AMG_ERR_ARG, "list slots");
  CHECK(amg_spmv_get_list_slots() == 0, "a refused slot count leaves the row length in charge");
  CHECK_OK(amg_spmv_set_list_slots(8));
  CHECK(amg_spmv_get_list_slots() == 8, "list slots not kept");
  CHECK_OK(amg_spmv_set_list_slots(0));
  CHECK_ERROR(amg_spmv_set_variant(AMG_SPMV_NUM_VARIANTS), AMG_ERR_ARG, "variant");
  for (int v = 0; v < AMG_SPMV_NUM_VARIANTS; v++) {
    CHECK_OK(amg_spmv_set_variant(v));
    CHECK(amg_spmv_get_variant() == v, "variant %d not kept", v);
    CHECK(amg_spmv_variant_name(v) != NULL, "variant %d has no name", v);
    CHECK(amg_spmv_matrix_bytes(t, v) > 0, "variant %d counts no bytes", v);
  }
  CHECK(amg_spmv_variant_name(AMG_SPMV_NUM_VARIANTS) == NULL, "name past the end");
  CHECK(amg_spmv_matrix_bytes(t, AMG_SPMV_NUM_VARIANTS) < 0, "bytes of an unknown variant");
  CHECK_OK(amg_spmv_set_variant(AMG_SPMV_DEFAULT_VARIANT));
done:
  fmt_tile_destroy(t);
  fmt_tile_destroy(tr);
  fmt_csr_destroy(a);
  fmt_csr_destroy(rect);
}

int main(void) {
  const char *name;
  fmt_csr *a;
  for (int i = 0; (a = test_matrix(i, &name)) != NULL; i++) {
    check_matrix(a, name);
    fmt_csr_destroy(a);
  }
  /* wide (tile rows of > 32 tiles), tall, and sparse rectangular shapes */
  a = test_random_csr(40, 1200, 0.3, 41, 0, 0);
  check_matrix(a, "random 40x1200 d=0.3");
  fmt_csr_destroy(a);
  a = test_random_csr(1000, 20, 0.2, 42, 7, 0);
  check_matrix(a, "random 1000x20 d=0.2, empty rows%7");
  fmt_csr_destroy(a);
  a = test_random_csr_rows(3001, 2999, 9, 43);
  check_matrix(a, "random 3001x2999, 9 per row");
  fmt_csr_destroy(a);
  CHECK_OK(fmt_csr_create(0, 0, 0, FMT_HOST, &a));
  if (a) {
    a->row_ptr[0] = 0;
    check_matrix(a, "empty 0x0");
  }
  fmt_csr_destroy(a);
  CHECK_OK(fmt_poisson(27, 12, &a));
  if (a)
    check_matrix(a, "poisson 3D 27-point n=12");
  fmt_csr_destroy(a);

  static const int32_t lengths[] = {0, 1, 5, 255, 256, 1000, 65537};
  for (size_t k = 0; k < sizeof lengths / sizeof *lengths; k++)
    check_blas1(lengths[k]);
  check_errors();
  return test_finish("test_spmv");
}
