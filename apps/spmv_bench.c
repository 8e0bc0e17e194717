/* spmv_bench: every tile SpMV kernel variant (spmv_variants.h) against
 * cuSPARSE's CSR SpMV on the GPU, in the same run and on the same inputs.
 *
 * Inputs: the four Poisson problems of the Galerkin study (2D 5- and
 * 9-point on 1024^2, 3D 7- and 27-point on 101^3; --n shrinks them,
 * --problem picks some) and/or a Matrix Market file (--mtx); with
 * --galerkin also the coarse operator A_c = P^T A P of each Poisson
 * problem, built on the host with the study's structured prolongator.
 * Each matrix is uploaded in tile form (fmt_tile_from_csr, fmt_tile_upload)
 * and as CSR (fmt_csr_upload); x, b and dinv get fresh values in
 * +-[0.5, 1.5) (never zero).
 *
 * Correctness first: every variant's y = A x (and the fused residual and
 * Jacobi sweep) and cuSPARSE's y are compared with the CPU reference, error
 * relative to sum_j |a_ij x_j| per row; 1e-12 or more aborts the run. Each
 * variant is also run twice and compared bitwise.
 *
 * Timing: bench_measure (CUDA events, warm-up, median of --reps, at least
 * 20), each measurement covering --inner back-to-back calls so that the
 * launch gap of one ~20 us kernel does not count; times are per call.
 * Bytes counted: the matrix arrays the method reads, each once
 * (amg_spmv_matrix_bytes; CSR: row offsets at the width cuSPARSE got, and
 * 4 B column + 8 B value per entry), plus x read once and the output
 * written once (the residual adds b; the Jacobi sweep adds b and dinv).
 * GB/s = bytes / time; the floor is bytes / the measured device-to-device
 * copy bandwidth. Table on stdout, JSON with --json. */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amg_ops.h"
#include "bench_common.h"
#include "bench_timing.h"
#include "json_writer.h"
#include "spgemm.h"
#include "spmv_baseline.h"
#include "spmv_variants.h"

#define MAX_FIGURES 512
#define CHECK_LIMIT 1e-12

enum { OP_SPMV, OP_RESIDUAL, OP_JACOBI, NUM_OPS };
static const char *const op_names[NUM_OPS] = {"spmv", "residual", "jacobi"};

typedef struct figure {
  char matrix[64], method[16];
  int op;
  int32_t rows, cols;
  int64_t nnz, tiles;
  double bytes;    /* counted, see the top of the file */
  double us;       /* median time per call */
  double min_us, max_us;
  double rel_error;
  int reproducible;
  double cusparse_us; /* same matrix, y = A x, for the speedup; 0 if none */
  int offset_bytes;   /* cuSPARSE's CSR row offsets: 8 or 4 (cusparse rows only) */
} figure;

static struct {
  figure fig[MAX_FIGURES];
  int count;
  double bandwidth; /* bytes/s, read + write */
  int reps, inner, fused;
} bench;

const char bench_program[] = "spmv_bench";

/* ---- device vectors ---- */
typedef struct dvec {
  double *p; /* n values on the device */
  int32_t n;
} dvec;

static dvec dvec_upload(const double *v, int32_t n) {
  void *p = NULL;
  TRY(fmt_alloc(&p, n, sizeof *v, FMT_DEVICE));
  TRY(fmt_copy(p, FMT_DEVICE, v, FMT_HOST, (size_t)n * sizeof *v));
  return (dvec){p, n};
}

static void dvec_download(const dvec *d, double *out) {
  TRY(fmt_copy(out, FMT_HOST, d->p, FMT_DEVICE, (size_t)d->n * sizeof *out));
}

/* Room for n values on the host (n = 0 included); exits when there is none. */
static double *host_vector(int32_t n) {
  double *v = malloc(((size_t)n + 1) * sizeof *v);
  if (!v) {
    fprintf(stderr, "spmv_bench: out of host memory\n");
    exit(1);
  }
  return v;
}

/* n values in +-[0.5, 1.5), from a seed (fresh values for each matrix). */
static double *fresh_vector(int32_t n, uint64_t seed) {
  double *v = host_vector(n);
  uint64_t z = seed;
  for (int32_t i = 0; i < n; i++) {
    z += 0x9E3779B97F4A7C15ull; /* splitmix64 */
    uint64_t r = z;
    r = (r ^ (r >> 30)) * 0xBF58476D1CE4E5B9ull;
    r = (r ^ (r >> 27)) * 0x94D049BB133111EBull;
    r ^= r >> 31;
    v[i] = (0.5 + (double)(r >> 11) * 0x1.0p-53) * (r & 1 ? -1.0 : 1.0);
  }
  return v;
}

/* ---- one matrix ---- */

typedef struct problem_data {
  const fmt_tile *dev;          /* tile matrix on the device */
  amg_spmv_baseline *baseline;  /* cuSPARSE */
  dvec x, b, dinv, out;
  int op;
} problem_data;

static amg_status run_op(const problem_data *p) {
  switch (p->op) {
  case OP_SPMV: return amg_spmv_device(p->dev, p->x.p, p->out.p);
  case OP_RESIDUAL: return amg_residual_device(p->dev, p->b.p, p->x.p, p->out.p);
  default: return amg_jacobi_device(p->dev, p->dinv.p, 0.6, p->b.p, p->x.p, p->out.p);
  }
}

static amg_status call_tile(void *ctx, void **result) {
  problem_data *p = ctx;
  *result = NULL;
  amg_status s = AMG_OK;
  for (int k = 0; k < bench.inner && s == AMG_OK; k++)
    s = run_op(p);
  return s;
}

static amg_status call_cusparse(void *ctx, void **result) {
  problem_data *p = ctx;
  *result = NULL;
  amg_status s = AMG_OK;
  for (int k = 0; k < bench.inner && s == AMG_OK; k++)
    s = amg_spmv_baseline_apply(p->baseline, p->x.p, p->out.p);
  return s;
}

/* max_i |got_i - want_i| / scale_i (0/0 counts as 0; a NaN anywhere gives NaN). */
static double rel_error(int32_t m, const double *got, const double *want, const double *scale) {
  double worst = 0.0;
  for (int32_t i = 0; i < m; i++) {
    double d = fabs(got[i] - want[i]);
    double e = d == 0.0 ? 0.0 : scale[i] > 0.0 ? d / scale[i] : INFINITY;
    if (isnan(e))
      return e;
    if (e > worst)
      worst = e;
  }
  return worst;
}

static figure *new_figure(const char *matrix, const char *method, int op, const fmt_csr *a, int64_t tiles) {
  bench_check_room(bench.count, MAX_FIGURES);
  figure *f = &bench.fig[bench.count++];
  memset(f, 0, sizeof *f);
  snprintf(f->matrix, sizeof f->matrix, "%s", matrix);
  snprintf(f->method, sizeof f->method, "%s", method);
  f->op = op;
  f->rows = a->m;
  f->cols = a->n;
  f->nnz = a->nnz;
  f->tiles = tiles;
  return f;
}

static void set_time(figure *f, const bench_time *t) {
  f->us = 1e3 * t->median_ms / bench.inner;
  f->min_us = 1e3 * t->min_ms / bench.inner;
  f->max_us = 1e3 * t->max_ms / bench.inner;
}

/* Bytes beyond the matrix: x read once, the output written once, and the
 * extra vectors the fused operations read. */
static double vector_bytes(int op, int32_t m, int32_t n) {
  return 8.0 * n + 8.0 * m * (op == OP_SPMV ? 1 : op == OP_RESIDUAL ? 2 : 3);
}

static void bench_matrix(const char *name, const fmt_csr *a) {
  const int32_t m = a->m, n = a->n;
  fmt_tile *host_tile = NULL, *dev_tile = NULL;
  fmt_csr *dev_csr = NULL;
  TRY(fmt_tile_from_csr(a, &host_tile));
  TRY(fmt_tile_upload(host_tile, &dev_tile));
  TRY(fmt_csr_upload(a, &dev_csr));
  fprintf(stderr, "%s: %d x %d, %lld nnz, %lld tiles (%.1f per tile)\n", name, m, n, (long long)a->nnz,
          (long long)host_tile->num_tiles, host_tile->num_tiles ? (double)a->nnz / host_tile->num_tiles : 0.0);

  uint64_t seed = 0x5EED0000ull + (uint64_t)bench.count * 7919u + (uint64_t)a->nnz;
  double *hx = fresh_vector(n, seed), *hb = fresh_vector(m, seed + 1), *hdinv = fresh_vector(m, seed + 2);
  double *want[NUM_OPS], *scale[NUM_OPS];
  double *got = host_vector(m), *again = host_vector(m);
  for (int op = 0; op < NUM_OPS; op++) {
    want[op] = host_vector(m);
    scale[op] = host_vector(m);
  }
  const int ops = !bench.fused ? 1 : m == n ? 3 : 2;
  TRY(amg_spmv_host(host_tile, hx, want[OP_SPMV]));
  TRY(amg_residual_host(host_tile, hb, hx, want[OP_RESIDUAL]));
  if (m == n)
    TRY(amg_jacobi_host(host_tile, hdinv, 0.6, hb, hx, want[OP_JACOBI]));
  for (int32_t i = 0; i < m; i++) {
    double s = 0.0;
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
      s += fabs(a->val[k] * hx[a->col[k]]);
    scale[OP_SPMV][i] = s;
    scale[OP_RESIDUAL][i] = s + fabs(hb[i]);
    scale[OP_JACOBI][i] = 0.6 * fabs(hdinv[i]) * scale[OP_RESIDUAL][i] + fabs(hx[i]);
  }

  problem_data p = {dev_tile, NULL, dvec_upload(hx, n), dvec_upload(hb, m), dvec_upload(hdinv, m),
                    dvec_upload(hb, m), OP_SPMV};
  TRY(amg_spmv_baseline_create(dev_csr, &p.baseline));
  const int offset_bytes = amg_spmv_baseline_offset_bytes(p.baseline);
  bench_time t;

  /* cuSPARSE first: its time is the reference for the speedups */
  figure *cus = new_figure(name, "cusparse", OP_SPMV, a, 0);
  TRY(amg_spmv_baseline_apply(p.baseline, p.x.p, p.out.p));
  dvec_download(&p.out, got);
  cus->rel_error = rel_error(m, got, want[OP_SPMV], scale[OP_SPMV]);
  TRY(amg_spmv_baseline_apply(p.baseline, p.x.p, p.out.p));
  dvec_download(&p.out, again);
  cus->reproducible = !memcmp(got, again, (size_t)m * sizeof *got);
  if (!(cus->rel_error < CHECK_LIMIT)) {
    fprintf(stderr, "spmv_bench: %s: cuSPARSE y differs from the CPU reference (relative error %.3g)\n", name,
            cus->rel_error);
    exit(1);
  }
  TRY(bench_measure(call_cusparse, NULL, &p, bench.reps, &t));
  set_time(cus, &t);
  cus->bytes = offset_bytes * ((double)m + 1) + 12.0 * (double)a->nnz + vector_bytes(OP_SPMV, m, n);
  cus->cusparse_us = cus->us;
  cus->offset_bytes = offset_bytes;
  fprintf(stderr, "  cusparse    spmv      %8.2f us  (CSR offsets %d-bit)\n", cus->us, 8 * offset_bytes);

  for (int v = 0; v < AMG_SPMV_NUM_VARIANTS; v++) {
    TRY(amg_spmv_set_variant(v));
    for (int op = 0; op < ops; op++) {
      figure *f = new_figure(name, amg_spmv_variant_name(v), op, a, host_tile->num_tiles);
      p.op = op;
      TRY(run_op(&p));
      dvec_download(&p.out, got);
      f->rel_error = rel_error(m, got, want[op], scale[op]);
      TRY(run_op(&p));
      dvec_download(&p.out, again);
      f->reproducible = !memcmp(got, again, (size_t)m * sizeof *got);
      if (!(f->rel_error < CHECK_LIMIT)) {
        fprintf(stderr, "spmv_bench: %s: variant %s, %s: relative error %.3g against the CPU reference\n", name,
                f->method, op_names[op], f->rel_error);
        exit(1);
      }
      TRY(bench_measure(call_tile, NULL, &p, bench.reps, &t));
      set_time(f, &t);
      f->bytes = amg_spmv_matrix_bytes(host_tile, v) + vector_bytes(op, m, n);
      f->cusparse_us = op == OP_SPMV ? cus->us : 0.0;
      fprintf(stderr, "  %-11s %-9s %8.2f us  (error %.2g%s)\n", f->method, op_names[op], f->us, f->rel_error,
              f->reproducible ? "" : ", NOT REPRODUCIBLE");
    }
  }
  TRY(amg_spmv_set_variant(AMG_SPMV_DEFAULT_VARIANT));

  amg_spmv_baseline_destroy(p.baseline);
  fmt_free(p.x.p, FMT_DEVICE);
  fmt_free(p.b.p, FMT_DEVICE);
  fmt_free(p.dinv.p, FMT_DEVICE);
  fmt_free(p.out.p, FMT_DEVICE);
  for (int op = 0; op < NUM_OPS; op++) {
    free(want[op]);
    free(scale[op]);
  }
  free(got);
  free(again);
  free(hx);
  free(hb);
  free(hdinv);
  fmt_tile_destroy(host_tile);
  fmt_tile_destroy(dev_tile);
  fmt_csr_destroy(dev_csr);
}

/* ---- drivers ---- */

static void poisson(const bench_problem *pb, int galerkin) {
  char name[64];
  fmt_csr *a = NULL;
  snprintf(name, sizeof name, "%s-%d", pb->name, pb->n);
  TRY(fmt_poisson(pb->stencil, pb->n, &a));
  bench_matrix(name, a);
  if (galerkin) {
    int dims = fmt_poisson_dims(pb->stencil);
    int32_t side_c = 0;
    fmt_csr *p = NULL, *pt = NULL, *ap = NULL, *ac = NULL;
    TRY(spgemm_structured_prolongator(a, dims, pb->n, &p, &side_c));
    TRY(fmt_csr_transpose(p, &pt));
    TRY(spgemm_csr_reference(a, p, &ap));
    TRY(spgemm_csr_reference(pt, ap, &ac));
    snprintf(name, sizeof name, "%s-%d-Ac", pb->name, pb->n);
    bench_matrix(name, ac);
    fmt_csr_destroy(p);
    fmt_csr_destroy(pt);
    fmt_csr_destroy(ap);
    fmt_csr_destroy(ac);
  }
  fmt_csr_destroy(a);
}

static void matrix_market(const char *path) {
  fmt_csr *a = NULL;
  TRY(fmt_mm_read(path, &a));
  bench_matrix(bench_basename(path), a);
  fmt_csr_destroy(a);
}

/* ---- output ---- */

static void print_table(void) {
  printf("\ncopy bandwidth %.0f GB/s (device-to-device, read + write); per call: median of %d runs of %d calls\n",
         bench.bandwidth / 1e9, bench.reps, bench.inner);
  printf("bytes: arrays the method reads, each once, + x once + output once (+ b, dinv for residual/jacobi);"
         " floor = bytes / copy bandwidth\n");
  printf("%-14s %-10s %-8s %9s %10s %9s %5s | %8s %9s %7s %5s %8s %5s | %7s | %8s %s\n", "matrix", "method", "op",
         "rows", "nnz", "tiles", "nnz/t", "MB", "us", "GB/s", "%bw", "floor us", "x", "vs cuSP", "rel err", "repr");
  for (int i = 0; i < bench.count; i++) {
    const figure *f = &bench.fig[i];
    double gbs = f->bytes / (f->us * 1e-6) / 1e9, floor_us = 1e6 * f->bytes / bench.bandwidth;
    printf("%-14s %-10s %-8s %9d %10lld %9lld %5.1f | %8.3f %9.2f %7.0f %5.1f %8.2f %5.2f | ", f->matrix,
           f->method, op_names[f->op], f->rows, (long long)f->nnz, (long long)f->tiles,
           f->tiles ? (double)f->nnz / f->tiles : 0.0, f->bytes / 1e6, f->us, gbs,
           100.0 * gbs * 1e9 / bench.bandwidth, floor_us, f->us / floor_us);
    if (f->cusparse_us > 0 && strcmp(f->method, "cusparse"))
      printf("%6.2fx | ", f->cusparse_us / f->us);
    else
      printf("%7s | ", "-");
    printf("%8.1e %s", f->rel_error, f->reproducible ? "yes" : "NO");
    if (f->offset_bytes)
      printf("  (CSR offsets %d-bit)", 8 * f->offset_bytes);
    putchar('\n');
  }
}

/* w: created at start-up, so that a bad path is known before the run. */
static void write_json(json_writer *w) {
  json_begin_object(w, NULL);
  json_number(w, "copy_bandwidth_bytes_per_s", bench.bandwidth);
  json_int(w, "reps", bench.reps);
  json_int(w, "calls_per_rep", bench.inner);
  json_string(w, "default_variant", amg_spmv_variant_name(AMG_SPMV_DEFAULT_VARIANT));
  json_begin_array(w, "figures");
  for (int i = 0; i < bench.count; i++) {
    const figure *f = &bench.fig[i];
    double gbs = f->bytes / (f->us * 1e-6) / 1e9;
    json_begin_object(w, NULL);
    json_string(w, "matrix", f->matrix);
    json_string(w, "method", f->method);
    json_string(w, "op", op_names[f->op]);
    json_int(w, "rows", f->rows);
    json_int(w, "cols", f->cols);
    json_int(w, "nnz", f->nnz);
    json_int(w, "tiles", f->tiles);
    json_number(w, "bytes", f->bytes);
    json_number(w, "us", f->us);
    json_number(w, "min_us", f->min_us);
    json_number(w, "max_us", f->max_us);
    json_number(w, "gb_per_s", gbs);
    json_number(w, "fraction_of_copy_bandwidth", gbs * 1e9 / bench.bandwidth);
    json_number(w, "floor_us", 1e6 * f->bytes / bench.bandwidth);
    json_number(w, "speedup_vs_cusparse",
                f->cusparse_us > 0 && strcmp(f->method, "cusparse") ? f->cusparse_us / f->us : -1);
    json_number(w, "relative_error", f->rel_error);
    json_bool(w, "bitwise_reproducible", f->reproducible);
    if (f->offset_bytes)
      json_int(w, "csr_offset_bytes", f->offset_bytes);
    json_end_object(w);
  }
  json_end_array(w);
  json_end_object(w);
  bench_json_close(w);
}

const char bench_usage_text[] =
          "usage: spmv_bench [--problem 2d5|2d9|3d7|3d27]... [--n N] [--mtx FILE] [--galerkin] [--help]\n"
          "                  [--reps N (>= 20)] [--inner K] [--no-fused] [--list-slots 0|6|8|10] [--json FILE]\n"
          "  default: the four Poisson problems at the Galerkin study's sizes, 30 reps of 10 calls;\n"
          "  every kernel variant times y = A x, r = b - A x and a Jacobi sweep (not with --no-fused);\n"
          "  --list-slots fixes the \"list\" variant's entries per round (default 0: by mean row length)\n";

int main(int argc, char **argv) {
  bench_options opt = {.reps = 30};
  int galerkin = 0;
  signal(SIGXFSZ, SIG_IGN); /* past a file size limit a write fails (EFBIG), reported, the partial file removed */
  bench.inner = 10;
  bench.fused = 1;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h"))
      bench_help();
    if (!strcmp(arg, "--galerkin")) {
      galerkin = 1;
      continue;
    }
    if (!strcmp(arg, "--no-fused")) {
      bench.fused = 0;
      continue;
    }
    val = bench_value(arg, val);
    i++;
    if (bench_take_option(&opt, arg, val))
      continue;
    if (!strcmp(arg, "--inner"))
      bench.inner = bench_int_option(arg, val, 1, 1000000);
    else if (!strcmp(arg, "--list-slots")) {
      if (amg_spmv_set_list_slots(bench_int_option(arg, val, 0, 10)) != AMG_OK)
        bench_usage("--list-slots: %s", amg_error_message());
    } else
      bench_usage("unknown option %s", arg);
  }
  bench.reps = opt.reps;
  if (bench.reps < 20)
    bench_usage("--reps %d: the variants' medians need at least 20", bench.reps);
  bench_check_paths(&opt);
  if (!bench_gpu_present())
    return 1;
  json_writer *json = bench_json_create(opt.json);
  TRY(bench_copy_bandwidth(&bench.bandwidth));
  if (opt.mtx)
    matrix_market(opt.mtx);
  bench_problem pb;
  for (int k = 0; k < BENCH_PROBLEMS; k++)
    if (bench_selected_problem(&opt, k, &pb))
      poisson(&pb, galerkin);
  print_table();
  if (json)
    write_json(json);
  return bench_finish();
}
