/* The SA setup on the GPU against the CPU backend: the same levels, the
 * same aggregates, the same sizes, operators equal within 1e-12 of their
 * row sizes and prolongators within 1e-12 of their largest entry, for the
 * four stencils, both Galerkin orders and both SpGEMM backends, the tile
 * backend and the CPU computing every second product as symmetric; two GPU
 * setups are bitwise identical. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "amg.h"
#include "test_util.h"

static amg_hierarchy *setup(const fmt_csr *a, amg_backend be, amg_galerkin_order order, spgemm_backend sp,
                            double theta) {
  amg_options o;
  amg_options_default(&o);
  o.backend = be;
  o.coarse_size = 40;
  o.galerkin_order = order;
  o.spgemm = sp;
  o.strength_theta = theta;
  o.galerkin_symmetric_min_rows = 0; /* the symmetric product on every level (not with cuSPARSE) */
  amg_hierarchy *h = NULL;
  CHECK_OK(amg_setup(a, &o, &h));
  return h;
}

/* Level l's aggregates copied to the host, from wherever the hierarchy lives. */
static int32_t *host_aggregates(const amg_hierarchy *h, int l, int32_t n) {
  int32_t *agg = malloc(((size_t)n + 1) * sizeof *agg);
  fmt_location loc = amg_hierarchy_report(h)->on_gpu ? FMT_DEVICE : FMT_HOST;
  if (agg && fmt_copy(agg, FMT_HOST, amg_level_aggregates(h, l), loc, (size_t)n * sizeof *agg) != AMG_OK) {
    free(agg);
    agg = NULL;
  }
  return agg;
}

static int same_aggregates(const amg_hierarchy *g, const amg_hierarchy *c, int l, int32_t n) {
  int32_t *x = host_aggregates(g, l, n), *y = host_aggregates(c, l, n);
  int same = x && y && !memcmp(x, y, (size_t)n * sizeof *x);
  free(x);
  free(y);
  return same;
}

/* P within 1e-12 of its largest entry: a row of P can be tiny where
 * T - omega/rho D^-1 A_F T cancels, and there only the terms' size (that of
 * T, at most 1) measures the rounding. bitwise: exactly equal. */
static int same_prolongator(const fmt_csr *pg, const fmt_csr *pc, int bitwise, const char *what) {
  double scale = 0;
  for (int64_t k = 0; k < pc->nnz; k++)
    scale = fabs(pc->val[k]) > scale ? fabs(pc->val[k]) : scale;
  return test_csr_equal(pg, pc, 0.0, bitwise ? 0.0 : 1e-12 * scale, what);
}

/* Level l's peak device memory holds at least the values of the matrices
 * alive when its build ends (A, P and R of levels 0..l and A_{l+1}; the
 * coarsest level, its own A and the finer levels'), and the setup's peak
 * is at least every level's. */
static void check_peak(const amg_setup_report *r, int l, const char *what) {
  size_t values = 0;
  for (int m = 0; m <= l; m++)
    values += (size_t)r->level[m].nnz + (m + 1 < r->levels ? 2 * (size_t)r->level[m].p_nnz : 0);
  if (l + 1 < r->levels)
    values += (size_t)r->level[l + 1].nnz;
  size_t peak = r->level[l].peak_device_bytes;
  CHECK(peak >= values * sizeof(double) && peak <= r->peak_device_bytes,
        "%s level %d: peak device memory %zu bytes, below the %zu bytes of values alive or above the setup's %zu",
        what, l, peak, values * sizeof(double), r->peak_device_bytes);
}

static void compare(const amg_hierarchy *g, const amg_hierarchy *c, const char *what, int bitwise) {
  const amg_setup_report *rg = amg_hierarchy_report(g), *rc = amg_hierarchy_report(c);
  CHECK(rg->on_gpu && rg->levels == rc->levels, "%s: %d GPU levels, %d CPU levels", what, rg->levels, rc->levels);
  for (int l = 0; l < rg->levels && l < rc->levels; l++) {
    CHECK(rg->level[l].rows == rc->level[l].rows && rg->level[l].nnz == rc->level[l].nnz &&
              rg->level[l].tiles == rc->level[l].tiles,
          "%s level %d: sizes differ", what, l);
    if (l + 1 < rg->levels) {
      CHECK(rg->level[l].agg.count == rc->level[l].agg.count && same_aggregates(g, c, l, rc->level[l].rows),
            "%s level %d: aggregates differ", what, l);
      fmt_csr *pg = test_tile_to_host_csr(amg_level_prolongator(g, l));
      fmt_csr *pc = test_tile_to_host_csr(amg_level_prolongator(c, l));
      CHECK(pg && pc && same_prolongator(pg, pc, bitwise, what), "%s level %d: P differs", what, l);
      /* A is symmetric in every case: both orders have the same count. */
      CHECK(rg->level[l].galerkin_products == rc->level[l].galerkin_products,
            "%s level %d: %lld Galerkin products counted on the GPU, %lld on the CPU", what, l,
            (long long)rg->level[l].galerkin_products, (long long)rc->level[l].galerkin_products);
      fmt_csr_destroy(pg);
      fmt_csr_destroy(pc);
    }
    check_peak(rg, l, what);
    CHECK(rc->on_gpu || rc->level[l].peak_device_bytes == 0, "%s level %d: the CPU setup reports device memory",
          what, l);
    fmt_csr *ag = test_tile_to_host_csr(amg_level_operator(g, l));
    fmt_csr *ac = test_tile_to_host_csr(amg_level_operator(c, l));
    CHECK(ag && ac && test_csr_close_rows(ag, ac, bitwise ? 0.0 : 1e-12, what), "%s level %d: A differs", what, l);
    fmt_csr_destroy(ag);
    fmt_csr_destroy(ac);
  }
}

/* stencil 0: the jumping-coefficient diffusion matrix of configs/matrices. */
static void check_problem(int stencil, int32_t n, double theta) {
  char what[96];
  fmt_csr *a = NULL;
  if (stencil)
    CHECK_OK(fmt_poisson(stencil, n, &a));
  else
    CHECK_OK(fmt_mm_read(AMG_SOURCE_DIR "/configs/matrices/diffusion2d_40.mtx", &a));
  amg_hierarchy *cpu = setup(a, AMG_BACKEND_CPU, AMG_GALERKIN_PT_AP, SPGEMM_TILE, theta);
  static const struct { amg_galerkin_order order; spgemm_backend sp; } runs[] = {
      {AMG_GALERKIN_PT_AP, SPGEMM_TILE}, {AMG_GALERKIN_PTA_P, SPGEMM_TILE},
      {AMG_GALERKIN_PT_AP, SPGEMM_CUSPARSE}, {AMG_GALERKIN_PTA_P, SPGEMM_CUSPARSE}};
  amg_hierarchy *first = NULL;
  for (int k = 0; k < 4 && cpu; k++) {
    amg_hierarchy *gpu = setup(a, AMG_BACKEND_GPU, runs[k].order, runs[k].sp, theta);
    snprintf(what, sizeof what, "poisson %d n=%d theta=%g %s %s", stencil, n, theta,
             amg_galerkin_order_name(runs[k].order), spgemm_backend_name(runs[k].sp));
    if (gpu)
      compare(gpu, cpu, what, 0);
    if (k == 0)
      first = gpu;
    else
      amg_hierarchy_destroy(gpu);
  }
  amg_hierarchy *again = first ? setup(a, AMG_BACKEND_GPU, AMG_GALERKIN_PT_AP, SPGEMM_TILE, theta) : NULL;
  if (again) {
    snprintf(what, sizeof what, "poisson %d n=%d: two GPU setups", stencil, n);
    compare(again, first, what, 1);
  }
  amg_hierarchy_destroy(again);
  amg_hierarchy_destroy(first);
  amg_hierarchy_destroy(cpu);
  fmt_csr_destroy(a);
}

int main(void) {
  test_require_device("test_gpu_setup");
  check_problem(5, 60, 0.0);
  check_problem(9, 50, 0.0);
  check_problem(7, 16, 0.0);
  check_problem(27, 14, 0.0);
  check_problem(5, 60, 0.25);
  check_problem(0, 40, 0.1);
  return test_finish("test_gpu_setup");
}
