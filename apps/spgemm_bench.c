/* spgemm_bench: the tiled SpGEMM against cuSPARSE on the GPU, in the same
 * run and on the same inputs.
 *
 * Inputs: the four Poisson problems of the bhSPARSE Galerkin study (2D 5- and
 * 9-point on 1024^2, 3D 7- and 27-point on 101^3) or a Matrix Market file.
 * Operations: C = A^2 (for a symmetric A, also as a symmetric product: the
 * upper tiles computed, the lower written from them); C = A*A^T (nonsymmetric file); and the Galerkin
 * product with the study's structured-aggregation P in both orders,
 * P^T(AP) and (P^T A)P, at level 0 and on the coarser levels built the same
 * way. Each figure: median of --reps runs after warm-up, CUDA events, the
 * allocation of C included for both; GFLOP/s from 2 x intermediate
 * products; nnz and tiles of C; time over the floor (bytes the format must
 * move / measured copy bandwidth); peak device memory. Conversion
 * (CSR -> tile on the GPU) is timed separately. Table on stdout, JSON with
 * --json. Like the setup, a tile product reads B's column order from B^T
 * where the operation has B^T at hand (--no-b-transpose: it sorts B's tiles). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amg.h"
#include "bench_figures.h"
#include "spgemm.h"

typedef struct operand {
  fmt_csr *host;      /* NULL for a borrowed operand */
  fmt_tile *tile;     /* device */
  spgemm_csr32 *csr;  /* device, for cuSPARSE */
  int borrowed;       /* tile belongs to someone else */
} operand;

const char bench_program[] = "spgemm_bench";

/* ---- operands and timed calls ---- */

static void operand_make(fmt_csr *host, operand *o) {
  fmt_tile *t = NULL;
  fmt_csr *d = NULL;
  o->host = host;
  o->borrowed = 0;
  TRY(fmt_tile_from_csr(host, &t));
  TRY(fmt_tile_upload(t, &o->tile));
  TRY(fmt_csr_upload(host, &d));
  TRY(spgemm_csr32_take_csr(d, &o->csr)); /* d is handed over */
  fmt_tile_destroy(t);
}

/* An operand from a device tile matrix owned by someone else (a hierarchy). */
static void operand_borrow(const fmt_tile *dev, operand *o) {
  fmt_csr *d = NULL;
  o->host = NULL;
  o->tile = (fmt_tile *)dev;
  o->borrowed = 1;
  TRY(fmt_tile_to_csr_device(dev, &d));
  TRY(spgemm_csr32_take_csr(d, &o->csr)); /* d is handed over */
}

static void operand_free(operand *o) {
  fmt_csr_destroy(o->host);
  if (!o->borrowed)
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

/* Times C = A*B both ways (symmetric: the tile product as a symmetric one,
 * cuSPARSE's as it is); returns C (host CSR, from the tile product) and/or
 * the device tile C if wanted. bt: B^T where the operation has it at hand
 * (P^T for B = P, A for B = A^T or for B = A symmetric), as the setup passes
 * it (galerkin.c): the tile product reads B's column order from it instead
 * of sorting B's tiles; NULL, or --no-b-transpose, to sort. */
static figure *product_ex(const char *problem, int level, const char *op, const operand *a,
                          const operand *b, const operand *bt, int threshold, int symmetric,
                          int with_cusparse, fmt_csr **c_out, fmt_tile **dev_out) {
  const fmt_tile *b_transpose = bt && !bench.no_b_transpose ? bt->tile : NULL;
  spgemm_tile_options opt = {threshold, (spgemm_kernels)bench.kernels, symmetric, bench.row_split, b_transpose, 0,
                             (spgemm_passes)bench.passes, bench.layout_candidates,
                             (spgemm_b_lookup_kind)bench.b_lookup, bench.row_windows, 0, bench.numeric_dot};
  pair_ctx ctx = {a, b, opt, NULL};
  figure *f = bench_new_figure(problem, level, op);
  fmt_tile *dc = NULL, *hc = NULL;
  fprintf(stderr, "  %-6s level %d  %-12s ", problem, level, op);
  TRY(bench_measure(call_tile, free_tile, &ctx, bench.reps, &f->tile));
  if (with_cusparse)
    TRY(bench_measure(call_cusparse, free_csr32, &ctx, bench.reps, &f->cus));
  spgemm_stats st = {0};
  st.profile = bench.profile;
  int ncu = bench.ncu_op && !strcmp(bench.ncu_op, op) && level == bench.ncu_level;
  if (ncu)
    fmt_device_profiler(1);
  TRY(spgemm_tile_device(a->tile, b->tile, &dc, &ctx.opt, &st));
  if (ncu)
    fmt_device_profiler(0);
  memcpy(f->step_ms, st.step_ms, sizeof f->step_ms);
  f->candidates = st.candidate_tiles;
  f->mean_list = spgemm_mean_list(a->tile, b->tile);
  f->rows = dc->m;
  f->cols = dc->n;
  f->nnz_c = dc->nnz;
  f->tiles_c = dc->num_tiles;
  TRY(spgemm_tile_products_device(a->tile, b->tile, &f->products));
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
  if (dev_out)
    *dev_out = dc;
  else
    fmt_tile_destroy(dc);
  fmt_tile_destroy(hc);
  return f;
}

static figure *product(const char *problem, int level, const char *op, const operand *a, const operand *b,
                       const operand *bt, int threshold, int with_cusparse, fmt_csr **c_out) {
  return product_ex(problem, level, op, a, b, bt, threshold, 0, with_cusparse, c_out, NULL);
}

/* A row that sums the two products of one Galerkin order. */
static void order_total(const char *problem, int level, const char *op, const figure *x, const figure *y) {
  figure *f = bench_new_figure(problem, level, op);
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
  f->sum = 1;
}

/* The second product of each Galerkin order again, as a symmetric product
 * (A is symmetric), and the order totals with it. */
static void symmetric_rows(const char *problem, int level, const operand *pt, const operand *ap,
                           const operand *pta, const operand *p, const figure *x1, const figure *x2) {
  figure *y1 = product_ex(problem, level, "P^T*(AP) sym", pt, ap, NULL, bench.threshold, 1, 1, NULL, NULL);
  figure *y2 = product_ex(problem, level, "(P^T A)*P sym", pta, p, pt, bench.threshold, 1, 1, NULL, NULL);
  order_total(problem, level, "order pt_ap sym", x1, y1);
  order_total(problem, level, "order pta_p sym", x2, y2);
}

static void conversion(const char *problem, const operand *a) {
  fmt_csr *d = NULL;
  TRY(fmt_csr_upload(a->host, &d));
  pair_ctx ctx = {a, a, {0, SPGEMM_KERNELS_AUTO, 0, 0, NULL, 0, SPGEMM_PASSES_AUTO, 0, SPGEMM_B_LOOKUP_AUTO, 0, 0, 0},
                  d};
  figure *f = bench_new_figure(problem, 0, "csr->tile");
  TRY(bench_measure(call_convert, free_tile, &ctx, bench.reps, &f->tile));
  f->rows = a->host->m;
  f->cols = a->host->n;
  f->nnz_c = a->tile->nnz;
  f->tiles_c = a->tile->num_tiles;
  f->tile_floor_ms = /* the fmt_csr read, the tiles written */
      1e3 * (bench_csr_bytes(a->host->m, a->host->nnz) + bench_tile_bytes(a->tile)) / bench.bandwidth;
  fmt_csr_destroy(d);
}

/* t is a's transpose: a's pattern (and, with values, a itself) is symmetric. */
static int equals_transpose(const fmt_csr *a, const fmt_csr *t, int values) {
  return a->m == a->n && a->nnz == t->nnz &&
         !memcmp(a->row_ptr, t->row_ptr, ((size_t)a->m + 1) * sizeof *a->row_ptr) &&
         !memcmp(a->col, t->col, (size_t)a->nnz * sizeof *a->col) &&
         (!values || !memcmp(a->val, t->val, (size_t)a->nnz * sizeof *a->val));
}

/* The B^T given with B = A (spgemm_tile_options.b_transpose: values
 * included, since the dot kernel reads them) where A's pattern is
 * symmetric, as the setup has it: A itself where a equals its transpose t
 * bitwise, else t (rounding leaves a Galerkin operator's values
 * unsymmetric in the last bits), made into *own; NULL for an unsymmetric
 * pattern. Takes t. *values: a is symmetric, so A^2 is also timed as a
 * symmetric product. */
static const operand *transpose_of(const operand *a, fmt_csr *t, operand *own, int *values) {
  int pattern = equals_transpose(a->host, t, 0);
  *values = pattern && equals_transpose(a->host, t, 1);
  if (!pattern || *values) {
    fmt_csr_destroy(t);
    return pattern ? a : NULL;
  }
  operand_make(t, own);
  return own;
}

/* ---- drivers ---- */

static void poisson_levels(const bench_problem *pb) {
  int dims = fmt_poisson_dims(pb->stencil);
  int32_t side = pb->n;
  char name[48];
  snprintf(name, sizeof name, "%s-%d", pb->name, pb->n);
  fmt_csr *a_host = NULL;
  TRY(fmt_poisson(pb->stencil, pb->n, &a_host));
  fprintf(stderr, "%s: %d rows, %lld nnz\n", name, a_host->m, (long long)a_host->nnz);
  for (int level = 0; level < bench.max_levels && side > 3; level++) {
    operand a, p, pt, ap, pta, own_t = {0};
    fmt_csr *p_host = NULL, *pt_host = NULL, *ap_host = NULL, *pta_host = NULL, *next = NULL, *a_host_t = NULL;
    int32_t side_c = 0;
    operand_make(a_host, &a);
    int symmetric;
    TRY(fmt_csr_transpose(a_host, &a_host_t));
    const operand *a_t = transpose_of(&a, a_host_t, &own_t, &symmetric);
    if (level == 0) {
      conversion(name, &a);
      product(name, 0, "A^2", &a, &a, a_t, bench.threshold, 1, NULL);
      if (symmetric)
        product_ex(name, 0, "A^2 sym", &a, &a, a_t, bench.threshold, 1, 1, NULL, NULL);
    }
    TRY(spgemm_structured_prolongator(a_host, dims, side, &p_host, &side_c));
    TRY(fmt_csr_transpose(p_host, &pt_host));
    operand_make(p_host, &p);
    operand_make(pt_host, &pt);
    figure *x1 = product(name, level, "A*P", &a, &p, &pt, bench.threshold, 1, &ap_host);
    operand_make(ap_host, &ap);
    figure *y1 = product(name, level, "P^T*(AP)", &pt, &ap, NULL, bench.threshold, 1, &next);
    figure *x2 = product(name, level, "P^T*A", &pt, &a, a_t, bench.threshold, 1, &pta_host);
    operand_make(pta_host, &pta);
    figure *y2 = product(name, level, "(P^T A)*P", &pta, &p, &pt, bench.threshold, 1, NULL);
    order_total(name, level, "order pt_ap", x1, y1);
    order_total(name, level, "order pta_p", x2, y2);
    symmetric_rows(name, level, &pt, &ap, &pta, &p, x1, x2);
    if (level == 0 && bench.sweep) { /* the threshold is the two-pass numeric step's */
      static const int thresholds[] = {0, 64, 128, 192, 224, 256};
      int passes = bench.passes;
      bench.passes = SPGEMM_PASSES_TWO;
      for (int k = 0; k < 6; k++) {
        product(name, 0, "sweep A^2", &a, &a, a_t, thresholds[k], 0, NULL);
        product(name, 0, "sweep A*P", &a, &p, &pt, thresholds[k], 0, NULL);
        product(name, 0, "sweep Pt*AP", &pt, &ap, NULL, thresholds[k], 0, NULL);
      }
      bench.passes = passes;
    }
    operand_free(&p);
    operand_free(&pt);
    operand_free(&ap);
    operand_free(&pta);
    if (a_t == &own_t)
      operand_free(&own_t);
    operand_free(&a); /* frees a_host */
    a_host = next;
    side = side_c;
  }
  fmt_csr_destroy(a_host);
}

/* The real SA hierarchy (GPU, tile SpGEMM, default options): at every level,
 * the Galerkin product in both orders with both backends, same run. */
static void sa_hierarchy(const bench_problem *pb) {
  char name[48];
  snprintf(name, sizeof name, "SA-%s-%d", pb->name, pb->n);
  fmt_csr *a_host = NULL;
  amg_hierarchy *h = NULL;
  amg_options o;
  amg_options_default(&o);
  o.backend = AMG_BACKEND_GPU;
  TRY(fmt_poisson(pb->stencil, pb->n, &a_host));
  TRY(amg_device_init(NULL)); /* handles created outside the setup's timing */
  TRY(amg_setup(a_host, &o, &h));
  fmt_csr_destroy(a_host);
  const amg_setup_report *rep = amg_hierarchy_report(h);
  fprintf(stderr, "%s: %d levels, setup %.2f ms\n", name, rep->levels, rep->setup_ms);
  for (int l = 0; l + 1 < rep->levels; l++) {
    operand a, p, r, ap, pta;
    fmt_tile *ap_dev = NULL, *pta_dev = NULL;
    operand_borrow(amg_level_operator(h, l), &a);
    operand_borrow(amg_level_prolongator(h, l), &p);
    operand_borrow(amg_level_restriction(h, l), &r);
    figure *x1 = product_ex(name, l, "A*P", &a, &p, &r, bench.threshold, 0, 1, NULL, &ap_dev);
    operand_borrow(ap_dev, &ap);
    figure *y1 = product(name, l, "P^T*(AP)", &r, &ap, NULL, bench.threshold, 1, NULL);
    /* A as its own B^T where it equals A^T bitwise, as amg_galerkin takes it */
    int exact = l == 0 ? rep->symmetric : rep->level[l - 1].galerkin_symmetric;
    figure *x2 = product_ex(name, l, "P^T*A", &r, &a, exact ? &a : NULL, bench.threshold, 0, 1, NULL, &pta_dev);
    operand_borrow(pta_dev, &pta);
    figure *y2 = product(name, l, "(P^T A)*P", &pta, &p, &r, bench.threshold, 1, NULL);
    order_total(name, l, "order pt_ap", x1, y1);
    order_total(name, l, "order pta_p", x2, y2);
    symmetric_rows(name, l, &r, &ap, &pta, &p, x1, x2);
    operand_free(&a);
    operand_free(&p);
    operand_free(&r);
    operand_free(&ap);
    operand_free(&pta);
    fmt_tile_destroy(ap_dev);
    fmt_tile_destroy(pta_dev);
  }
  amg_hierarchy_destroy(h);
}

static void matrix_market(const char *path) {
  fmt_csr *host = NULL, *host_t = NULL;
  TRY(fmt_mm_read(path, &host));
  const char *base = bench_basename(path);
  fprintf(stderr, "%s: %d x %d, %lld nnz\n", base, host->m, host->n, (long long)host->nnz);
  TRY(fmt_csr_transpose(host, &host_t));
  int symmetric = equals_transpose(host, host_t, 1);
  operand a, at = {0};
  operand_make(host, &a);
  conversion(base, &a);
  if (symmetric)
    fmt_csr_destroy(host_t); /* A*A^T = A^2 */
  else
    operand_make(host_t, &at);
  if (host->m == host->n) /* B^T = A^T where the pattern is symmetric, as transpose_of gives it */
    product(base, 0, "A^2", &a, &a, symmetric ? &a : equals_transpose(host, host_t, 0) ? &at : NULL,
            bench.threshold, 1, NULL);
  if (symmetric) {
    product_ex(base, 0, "A^2 sym", &a, &a, &a, bench.threshold, 1, 1, NULL, NULL);
  } else {
    product(base, 0, "A*A^T", &a, &at, &a, bench.threshold, 1, NULL);
    operand_free(&at);
  }
  operand_free(&a);
}

const char bench_usage_text[] =
          "usage: spgemm_bench [--problem 2d5|2d9|3d7|3d27]... [--n N] [--mtx FILE] [--help]\n"
          "                    [--reps N] [--levels L] [--dense-threshold T] [--sweep] [--profile] [--hierarchy]\n"
          "                    [--kernels auto|pairs|rows] [--row-split 0|1|2|4|8] [--passes auto|two|one]\n"
          "                    [--candidates auto|layout|exact] [--b-lookup auto|columns|rows] [--no-b-transpose]\n"
          "                    [--row-windows auto|on|off] [--dot auto|on|off]\n"
          "                    [--ncu-op OP] [--ncu-level L] [--json FILE]\n"
          "  default: the four Poisson problems at the Galerkin study's sizes, 10 reps,\n"
          "  structured-aggregation P; --hierarchy: the real SA hierarchy (MIS-2 aggregates);\n"
          "  --levels: the levels timed per problem, 1..64 (default 8);\n"
          "  --dense-threshold: entries per C tile above which the numeric pair kernel accumulates in a\n"
          "    dense 16x16 array, 0..256 (default 192, SPGEMM_DENSE_THRESHOLD);\n"
          "  --sweep: also time level 0's A^2, A*P and P^T*(AP) in two passes at thresholds 0..256;\n"
          "  --profile: also print each product's time per step (each step then ends in a sync);\n"
          "  --kernels: the kernels of steps 2 and 3 (spgemm.h; default auto);\n"
          "  --row-split: half-warps per C tile row in the numeric row kernel (default 0: by C's size);\n"
          "  --passes: steps 2 and 3 apart or as one pass where they can be (spgemm.h; default auto);\n"
          "  --candidates: step 1's candidates exact by spgemm_device.cuh's rule, from the tile layouts\n"
          "    alone, or exact on every product (spgemm.h; default auto);\n"
          "  --b-lookup: the pair kernels find B's tiles in its column order or its tile rows (spgemm.h;\n"
          "    default auto);\n"
          "  --row-windows: the row kernels walk B's tile rows in windows that skip pairs adding nothing\n"
          "    (where step 1's candidates are exact), or in plain batches (spgemm.h; default auto);\n"
          "  --dot: step 3 by dot products where B^T is at hand (spgemm.h's numeric_dot; default auto);\n"
          "  --no-b-transpose: sort B's tiles by column in every tile product, instead of reading that\n"
          "    order from B^T where the operation has it (P^T for B = P, A for B = A^T or symmetric A);\n"
          "  --ncu-op, --ncu-level: start the profiler for the untimed extra run of tile product OP (a name\n"
          "    of the table, such as \"A*P\") at level L (default 0) only; for ncu --profile-from-start off\n";

int main(int argc, char **argv) {
  bench_options opt = {.reps = 10};
  int hierarchy = 0;
  signal(SIGXFSZ, SIG_IGN); /* past a file size limit a write fails (EFBIG), reported, the partial file removed */
  bench.max_levels = 8;
  bench.threshold = SPGEMM_DENSE_THRESHOLD;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h"))
      bench_help();
    if (!strcmp(arg, "--sweep") || !strcmp(arg, "--profile") || !strcmp(arg, "--hierarchy") ||
        !strcmp(arg, "--no-b-transpose")) {
      *(arg[2] == 's' ? &bench.sweep : arg[2] == 'p' ? &bench.profile : arg[2] == 'h' ? &hierarchy
                                                                                   : &bench.no_b_transpose) = 1;
      continue;
    }
    val = bench_value(arg, val);
    i++;
    if (bench_take_option(&opt, arg, val))
      continue;
    if (!strcmp(arg, "--levels"))
      bench.max_levels = bench_int_option(arg, val, 1, 64);
    else if (!strcmp(arg, "--ncu-op"))
      bench.ncu_op = val;
    else if (!strcmp(arg, "--ncu-level"))
      bench.ncu_level = bench_int_option(arg, val, 0, 63);
    else if (!strcmp(arg, "--dense-threshold"))
      bench.threshold = bench_int_option(arg, val, 0, FMT_TILE * FMT_TILE);
    else if (!strcmp(arg, "--kernels") && (!strcmp(val, "auto") || !strcmp(val, "pairs") || !strcmp(val, "rows")))
      bench.kernels = val[0] == 'a' ? SPGEMM_KERNELS_AUTO : val[0] == 'p' ? SPGEMM_KERNELS_PAIRS : SPGEMM_KERNELS_ROWS;
    else if (!strcmp(arg, "--row-split") && (!strcmp(val, "0") || !strcmp(val, "1") || !strcmp(val, "2") ||
                                             !strcmp(val, "4") || !strcmp(val, "8")))
      bench.row_split = atoi(val);
    else if (!strcmp(arg, "--candidates") &&
             (!strcmp(val, "auto") || !strcmp(val, "layout") || !strcmp(val, "exact")))
      bench.layout_candidates = val[0] == 'l' ? 1 : val[0] == 'e' ? -1 : 0;
    else if (!strcmp(arg, "--b-lookup") && (!strcmp(val, "auto") || !strcmp(val, "columns") || !strcmp(val, "rows")))
      bench.b_lookup = val[0] == 'a' ? SPGEMM_B_LOOKUP_AUTO : val[0] == 'c' ? SPGEMM_B_LOOKUP_COLUMNS
                                                                             : SPGEMM_B_LOOKUP_ROWS;
    else if (!strcmp(arg, "--row-windows") && (!strcmp(val, "auto") || !strcmp(val, "on") || !strcmp(val, "off")))
      bench.row_windows = val[0] == 'a' ? 0 : val[1] == 'n' ? 1 : -1;
    else if (!strcmp(arg, "--dot") && (!strcmp(val, "auto") || !strcmp(val, "on") || !strcmp(val, "off")))
      bench.numeric_dot = val[0] == 'a' ? 0 : val[1] == 'n' ? 1 : -1;
    else if (!strcmp(arg, "--passes") && (!strcmp(val, "auto") || !strcmp(val, "two") || !strcmp(val, "one")))
      bench.passes = val[0] == 'a' ? SPGEMM_PASSES_AUTO : val[1] == 'w' ? SPGEMM_PASSES_TWO : SPGEMM_PASSES_ONE;
    else
      bench_usage("unknown option %s, or '%s' is not one of its values", arg, val);
  }
  bench.reps = opt.reps;
  if (bench.reps < 10)
    fprintf(stderr, "spgemm_bench: note: --reps %d; the figures we report are medians of at least 10\n",
            bench.reps);
  bench_check_paths(&opt);
  if (!bench_gpu_present())
    return 1;
  json_writer *json = bench_json_create(opt.json);
  TRY(bench_copy_bandwidth(&bench.bandwidth));
  if (opt.mtx)
    matrix_market(opt.mtx);
  bench_problem pb;
  for (int k = 0; k < BENCH_PROBLEMS; k++)
    if (bench_selected_problem(&opt, k, &pb)) {
      if (hierarchy)
        sa_hierarchy(&pb);
      else
        poisson_levels(&pb);
    }
  if (!bench.count) {
    fprintf(stderr, "spgemm_bench: nothing was measured: every problem chosen has 3 or fewer points per side, "
                    "or (--hierarchy) a hierarchy of one level\n");
    return 1; /* the --json file, created at start-up, is removed at exit */
  }
  bench_print_table();
  if (bench.profile)
    bench_print_profile();
  if (json)
    bench_write_json(json);
  return bench_finish();
}
