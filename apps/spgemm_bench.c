/* spgemm_bench: the tiled SpGEMM against cuSPARSE on the GPU, in the same
 * run and on the same inputs.
 *
 * Inputs: the four Poisson problems of the bhSPARSE Galerkin study (2D 5- and
 * 9-point on 1024^2, 3D 7- and 27-point on 101^3) or a Matrix Market file.
 * Operations: C = A^2; C = A*A^T (nonsymmetric file); and the Galerkin
 * product with the study's structured-aggregation P in both orders,
 * P^T(AP) and (P^T A)P, at level 0 and on the coarser levels built the same
 * way. Each figure: median of --reps runs after warm-up, CUDA events, the
 * allocation of C included for both; GFLOP/s from 2 x intermediate
 * products; nnz and tiles of C; time over the floor (bytes the format must
 * move / measured copy bandwidth); peak device memory. Conversion
 * (CSR -> tile on the GPU) is timed separately. Table on stdout, JSON with
 * --json. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_timing.h"
#include "json_writer.h"
#include "spgemm.h"

#define MAX_FIGURES 512

typedef struct figure {
  char problem[48], op[24];
  int level;
  int32_t rows, cols;
  int64_t nnz_c, tiles_c, products;
  bench_time tile, cus;
  double tile_floor_ms, cus_floor_ms;
  int threshold; /* dense-accumulator threshold used by the tile product */
  double step_ms[4]; /* --profile: columns, step 1, step 2, step 3 of one extra run */
  int64_t candidates;
} figure;

typedef struct operand {
  fmt_csr *host;
  fmt_tile *tile;     /* device */
  spgemm_csr32 *csr;  /* device, for cuSPARSE */
} operand;

static struct {
  figure fig[MAX_FIGURES];
  int count;
  double bandwidth; /* bytes/s */
  int reps, max_levels, threshold, sweep, profile;
} bench;

static const struct problem {
  const char *name;
  int stencil;
  int32_t n;
} problems[] = {{"2d5", 5, 1024}, {"2d9", 9, 1024}, {"3d7", 7, 101}, {"3d27", 27, 101}};

static void die(amg_status s, const char *what) {
  fprintf(stderr, "spgemm_bench: %s: %s: %s\n", what, amg_status_name(s), amg_error_message());
  exit(1);
}
#define TRY(expr)                                                                                  \
  do {                                                                                             \
    amg_status s_ = (expr);                                                                        \
    if (s_ != AMG_OK)                                                                              \
      die(s_, #expr);                                                                              \
  } while (0)

/* ---- operands and timed calls ---- */

static void operand_make(fmt_csr *host, operand *o) {
  fmt_tile *t = NULL;
  fmt_csr *d = NULL;
  o->host = host;
  TRY(fmt_tile_from_csr(host, &t));
  TRY(fmt_tile_upload(t, &o->tile));
  TRY(fmt_csr_upload(host, &d));
  TRY(spgemm_csr32_from_csr(d, &o->csr));
  fmt_tile_destroy(t);
  fmt_csr_destroy(d);
}

static void operand_free(operand *o) {
  fmt_csr_destroy(o->host);
  fmt_tile_destroy(o->tile);
  spgemm_csr32_destroy(o->csr);
  memset(o, 0, sizeof *o);
}

typedef struct pair_ctx {
  const operand *a, *b;
  spgemm_tile_options opt;
  const fmt_csr *dev_csr; /* for the conversion timing */
} pair_ctx;

static amg_status call_tile(void *ctx, void **result) {
  pair_ctx *p = ctx;
  return spgemm_tile_device(p->a->tile, p->b->tile, (fmt_tile **)result, &p->opt, NULL);
}
static void free_tile(void *r) { fmt_tile_destroy(r); }

static amg_status call_cusparse(void *ctx, void **result) {
  pair_ctx *p = ctx;
  return spgemm_cusparse(p->a->csr, p->b->csr, (spgemm_csr32 **)result);
}
static void free_csr32(void *r) { spgemm_csr32_destroy(r); }

static amg_status call_convert(void *ctx, void **result) {
  pair_ctx *p = ctx;
  return fmt_tile_from_csr_device(p->dev_csr, (fmt_tile **)result);
}

static figure *new_figure(const char *problem, int level, const char *op) {
  if (bench.count == MAX_FIGURES) {
    fprintf(stderr, "spgemm_bench: too many figures\n");
    exit(1);
  }
  figure *f = &bench.fig[bench.count++];
  memset(f, 0, sizeof *f);
  snprintf(f->problem, sizeof f->problem, "%s", problem);
  snprintf(f->op, sizeof f->op, "%s", op);
  f->level = level;
  return f;
}

/* Times C = A*B both ways; returns C (host CSR, from the tile product) if wanted. */
static figure *product(const char *problem, int level, const char *op, const operand *a,
                       const operand *b, int threshold, int with_cusparse, fmt_csr **c_out) {
  pair_ctx ctx = {a, b, {threshold}, NULL};
  figure *f = new_figure(problem, level, op);
  fmt_tile *dc = NULL, *hc = NULL;
  fprintf(stderr, "  %-6s level %d  %-12s ", problem, level, op);
  TRY(bench_measure(call_tile, free_tile, &ctx, bench.reps, &f->tile));
  if (with_cusparse)
    TRY(bench_measure(call_cusparse, free_csr32, &ctx, bench.reps, &f->cus));
  spgemm_stats st = {0};
  st.profile = bench.profile;
  TRY(spgemm_tile_device(a->tile, b->tile, &dc, &ctx.opt, &st));
  memcpy(f->step_ms, st.step_ms, sizeof f->step_ms);
  f->candidates = st.candidate_tiles;
  f->rows = dc->m;
  f->cols = dc->n;
  f->nnz_c = dc->nnz;
  f->tiles_c = dc->num_tiles;
  f->products = spgemm_csr_products(a->host, b->host);
  f->threshold = threshold;
  f->tile_floor_ms = 1e3 * (bench_tile_bytes(a->tile) + bench_tile_bytes(b->tile) + bench_tile_bytes(dc)) /
                     bench.bandwidth;
  f->cus_floor_ms = 1e3 *
                    (bench_csr32_bytes(a->csr->m, a->csr->nnz) + bench_csr32_bytes(b->csr->m, b->csr->nnz) +
                     bench_csr32_bytes(dc->m, dc->nnz)) /
                    bench.bandwidth;
  fprintf(stderr, "tile %.3f ms, cusparse %.3f ms\n", f->tile.median_ms, f->cus.median_ms);
  if (c_out) {
    TRY(fmt_tile_download(dc, &hc));
    TRY(fmt_tile_to_csr(hc, c_out));
  }
  fmt_tile_destroy(dc);
  fmt_tile_destroy(hc);
  return f;
}

/* A row that sums the two products of one Galerkin order. */
static void order_total(const char *problem, int level, const char *op, const figure *x, const figure *y) {
  figure *f = new_figure(problem, level, op);
  f->rows = y->rows;
  f->cols = y->cols;
  f->nnz_c = y->nnz_c;
  f->tiles_c = y->tiles_c;
  f->products = x->products + y->products;
  f->tile.median_ms = x->tile.median_ms + y->tile.median_ms;
  f->cus.median_ms = x->cus.median_ms + y->cus.median_ms;
  f->tile.reps = f->cus.reps = x->tile.reps;
  f->tile.peak_bytes = x->tile.peak_bytes > y->tile.peak_bytes ? x->tile.peak_bytes : y->tile.peak_bytes;
  f->cus.peak_bytes = x->cus.peak_bytes > y->cus.peak_bytes ? x->cus.peak_bytes : y->cus.peak_bytes;
  f->tile_floor_ms = x->tile_floor_ms + y->tile_floor_ms;
  f->cus_floor_ms = x->cus_floor_ms + y->cus_floor_ms;
  f->threshold = x->threshold;
}

static void conversion(const char *problem, const operand *a) {
  fmt_csr *d = NULL;
  TRY(fmt_csr_upload(a->host, &d));
  pair_ctx ctx = {a, a, {0}, d};
  figure *f = new_figure(problem, 0, "csr->tile");
  TRY(bench_measure(call_convert, free_tile, &ctx, bench.reps, &f->tile));
  f->rows = a->host->m;
  f->cols = a->host->n;
  f->nnz_c = a->tile->nnz;
  f->tiles_c = a->tile->num_tiles;
  f->tile_floor_ms = 1e3 * (bench_csr32_bytes(a->host->m, a->host->nnz) + 4.0 * a->host->nnz +
                            bench_tile_bytes(a->tile)) / bench.bandwidth;
  fmt_csr_destroy(d);
}

/* ---- drivers ---- */

static void poisson_levels(const struct problem *pb) {
  int dims = (pb->stencil == 5 || pb->stencil == 9) ? 2 : 3;
  int32_t side = pb->n;
  char name[48];
  snprintf(name, sizeof name, "%s-%d", pb->name, pb->n);
  fmt_csr *a_host = NULL;
  TRY(fmt_poisson(pb->stencil, pb->n, &a_host));
  fprintf(stderr, "%s: %d rows, %lld nnz\n", name, a_host->m, (long long)a_host->nnz);
  for (int level = 0; level < bench.max_levels && side > 3; level++) {
    operand a, p, pt, ap, pta;
    fmt_csr *p_host = NULL, *pt_host = NULL, *ap_host = NULL, *pta_host = NULL, *next = NULL;
    int32_t side_c = 0;
    operand_make(a_host, &a);
    if (level == 0) {
      conversion(name, &a);
      product(name, 0, "A^2", &a, &a, bench.threshold, 1, NULL);
    }
    TRY(spgemm_structured_prolongator(a_host, dims, side, &p_host, &side_c));
    TRY(fmt_csr_transpose(p_host, &pt_host));
    operand_make(p_host, &p);
    operand_make(pt_host, &pt);
    figure *x1 = product(name, level, "A*P", &a, &p, bench.threshold, 1, &ap_host);
    operand_make(ap_host, &ap);
    figure *y1 = product(name, level, "P^T*(AP)", &pt, &ap, bench.threshold, 1, &next);
    figure *x2 = product(name, level, "P^T*A", &pt, &a, bench.threshold, 1, &pta_host);
    operand_make(pta_host, &pta);
    figure *y2 = product(name, level, "(P^T A)*P", &pta, &p, bench.threshold, 1, NULL);
    order_total(name, level, "order pt_ap", x1, y1);
    order_total(name, level, "order pta_p", x2, y2);
    if (level == 0 && bench.sweep) {
      static const int thresholds[] = {0, 64, 128, 192, 224, 256};
      for (int k = 0; k < 6; k++) {
        product(name, 0, "sweep A^2", &a, &a, thresholds[k], 0, NULL);
        product(name, 0, "sweep A*P", &a, &p, thresholds[k], 0, NULL);
        product(name, 0, "sweep Pt*AP", &pt, &ap, thresholds[k], 0, NULL);
      }
    }
    operand_free(&p);
    operand_free(&pt);
    operand_free(&ap);
    operand_free(&pta);
    operand_free(&a); /* frees a_host */
    a_host = next;
    side = side_c;
  }
  fmt_csr_destroy(a_host);
}

static int is_symmetric(const fmt_csr *a) {
  fmt_csr *t = NULL;
  TRY(fmt_csr_transpose(a, &t));
  int same = a->m == a->n && a->nnz == t->nnz &&
             !memcmp(a->row_ptr, t->row_ptr, ((size_t)a->m + 1) * sizeof *a->row_ptr) &&
             !memcmp(a->col, t->col, (size_t)a->nnz * sizeof *a->col) &&
             !memcmp(a->val, t->val, (size_t)a->nnz * sizeof *a->val);
  fmt_csr_destroy(t);
  return same;
}

static void matrix_market(const char *path) {
  fmt_csr *host = NULL, *host_t = NULL;
  TRY(fmt_mm_read(path, &host));
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  fprintf(stderr, "%s: %d x %d, %lld nnz\n", base, host->m, host->n, (long long)host->nnz);
  int symmetric = is_symmetric(host);
  TRY(fmt_csr_transpose(host, &host_t));
  operand a, at;
  operand_make(host, &a);
  operand_make(host_t, &at);
  conversion(base, &a);
  if (host->m == host->n)
    product(base, 0, "A^2", &a, &a, bench.threshold, 1, NULL);
  if (!symmetric)
    product(base, 0, "A*A^T", &a, &at, bench.threshold, 1, NULL);
  operand_free(&a);
  operand_free(&at);
}

/* ---- output ---- */

static void print_table(void) {
  printf("\ncopy bandwidth %.0f GB/s (read + write); floor = bytes the format must move / bandwidth\n",
         bench.bandwidth / 1e9);
  printf("%-10s %2s %-12s %9s %10s %9s %6s | %8s %7s %6s | %8s %7s %6s | %6s | %6s %6s | %7s %7s\n",
         "problem", "lv", "op", "rows", "nnz(C)", "tiles(C)", "nnz/t", "tile ms", "floor", "x", "cuSP ms",
         "floor", "x", "speedup", "GF/s", "GF/s", "tile MB", "cuSP MB");
  for (int i = 0; i < bench.count; i++) {
    const figure *f = &bench.fig[i];
    double gf_t = f->products ? 2e-6 * f->products / f->tile.median_ms : 0;
    double gf_c = f->products && f->cus.median_ms > 0 ? 2e-6 * f->products / f->cus.median_ms : 0;
    printf("%-10s %2d %-12s %9d %10lld %9lld %6.1f | %8.3f %7.3f %6.1f | ", f->problem, f->level, f->op,
           f->rows, (long long)f->nnz_c, (long long)f->tiles_c,
           f->tiles_c ? (double)f->nnz_c / f->tiles_c : 0.0, f->tile.median_ms, f->tile_floor_ms,
           f->tile.median_ms / f->tile_floor_ms);
    if (f->cus.median_ms > 0)
      printf("%8.3f %7.3f %6.1f | %6.2f | ", f->cus.median_ms, f->cus_floor_ms,
             f->cus.median_ms / f->cus_floor_ms, f->cus.median_ms / f->tile.median_ms);
    else
      printf("%8s %7s %6s | %6s | ", "-", "-", "-", "-");
    printf("%6.1f %6.1f | %7.1f %7.1f\n", gf_t, gf_c, f->tile.peak_bytes / 1048576.0,
           f->cus.peak_bytes / 1048576.0);
  }
}

static void print_profile(void) {
  printf("\nper-step breakdown of one tile product each (ms; each step ends in a sync)\n");
  printf("%-10s %2s %-12s %9s %9s | %8s %8s %8s %8s | %8s\n", "problem", "lv", "op", "cand", "tiles",
         "columns", "step1", "step2", "step3", "median");
  for (int i = 0; i < bench.count; i++) {
    const figure *f = &bench.fig[i];
    if (f->step_ms[3] <= 0)
      continue;
    printf("%-10s %2d %-12s %9lld %9lld | %8.3f %8.3f %8.3f %8.3f | %8.3f\n", f->problem, f->level, f->op,
           (long long)f->candidates, (long long)f->tiles_c, f->step_ms[0], f->step_ms[1], f->step_ms[2],
           f->step_ms[3], f->tile.median_ms);
  }
}

static void write_json(const char *path) {
  FILE *out = fopen(path, "w");
  if (!out) {
    perror(path);
    exit(1);
  }
  json_writer w;
  json_open(&w, out);
  json_begin_object(&w, NULL);
  json_number(&w, "copy_bandwidth_bytes_per_s", bench.bandwidth);
  json_int(&w, "reps", bench.reps);
  json_begin_array(&w, "figures");
  for (int i = 0; i < bench.count; i++) {
    const figure *f = &bench.fig[i];
    json_begin_object(&w, NULL);
    json_string(&w, "problem", f->problem);
    json_int(&w, "level", f->level);
    json_string(&w, "op", f->op);
    json_int(&w, "rows", f->rows);
    json_int(&w, "cols", f->cols);
    json_int(&w, "nnz_c", f->nnz_c);
    json_int(&w, "tiles_c", f->tiles_c);
    json_int(&w, "products", f->products);
    json_int(&w, "dense_threshold", f->threshold);
    json_number(&w, "tile_ms", f->tile.median_ms);
    json_number(&w, "tile_min_ms", f->tile.min_ms);
    json_number(&w, "tile_max_ms", f->tile.max_ms);
    json_number(&w, "tile_floor_ms", f->tile_floor_ms);
    json_int(&w, "tile_peak_bytes", (int64_t)f->tile.peak_bytes);
    json_number(&w, "cusparse_ms", f->cus.median_ms > 0 ? f->cus.median_ms : -1);
    json_number(&w, "cusparse_floor_ms", f->cus_floor_ms);
    json_int(&w, "cusparse_peak_bytes", (int64_t)f->cus.peak_bytes);
    json_end_object(&w);
  }
  json_end_array(&w);
  json_end_object(&w);
  if (fclose(out) != 0) {
    perror(path);
    exit(1);
  }
}

static void usage(void) {
  fprintf(stderr,
          "usage: spgemm_bench [--problem 2d5|2d9|3d7|3d27]... [--n N] [--mtx FILE]\n"
          "                    [--reps N] [--levels L] [--dense-threshold T] [--sweep] [--profile]\n"
          "                    [--json FILE]\n"
          "  default: the four Poisson problems at the Galerkin study's sizes, 10 reps\n");
  exit(2);
}

int main(int argc, char **argv) {
  const char *json = NULL, *mtx = NULL;
  int chosen[4] = {0, 0, 0, 0}, any = 0;
  int32_t n_override = 0;
  bench.reps = 10;
  bench.max_levels = 8;
  bench.threshold = SPGEMM_DENSE_THRESHOLD;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(arg, "--sweep") || !strcmp(arg, "--profile")) {
      *(arg[2] == 's' ? &bench.sweep : &bench.profile) = 1;
      continue;
    }
    if (!val)
      usage();
    i++;
    if (!strcmp(arg, "--problem")) {
      int k = 0;
      while (k < 4 && strcmp(problems[k].name, val))
        k++;
      if (k == 4)
        usage();
      chosen[k] = any = 1;
    } else if (!strcmp(arg, "--n"))
      n_override = atoi(val);
    else if (!strcmp(arg, "--mtx"))
      mtx = val;
    else if (!strcmp(arg, "--reps"))
      bench.reps = atoi(val);
    else if (!strcmp(arg, "--levels"))
      bench.max_levels = atoi(val);
    else if (!strcmp(arg, "--dense-threshold"))
      bench.threshold = atoi(val);
    else if (!strcmp(arg, "--json"))
      json = val;
    else
      usage();
  }
  if (bench.reps < 1 || bench.max_levels < 1)
    usage();
  if (fmt_device_count() < 1) {
    fprintf(stderr, "spgemm_bench: no GPU found (or built without CUDA); it measures GPU products only\n");
    return 1;
  }
  TRY(bench_copy_bandwidth(&bench.bandwidth));
  if (mtx)
    matrix_market(mtx);
  for (int k = 0; k < 4; k++)
    if (chosen[k] || (!any && !mtx)) {
      struct problem pb = problems[k];
      if (n_override > 0)
        pb.n = n_override;
      poisson_levels(&pb);
    }
  print_table();
  if (bench.profile)
    print_profile();
  if (json)
    write_json(json);
  return 0;
}
