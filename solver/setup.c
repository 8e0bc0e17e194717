/* amg_setup: the smoothed-aggregation hierarchy, built level by level in
 * tile format on the chosen backend, with no CSR round trip after the input
 * conversion:
 *   diagonal -> strength -> MIS-2 aggregates -> rho(D^-1 A) -> B_{l+1}, T ->
 *   (A_F) -> S = A_F T -> P = T - omega/rho D^-1 S -> R = P^T ->
 *   A_c = P^T A P (chosen order, chosen SpGEMM; for a symmetric A, the
 *   second product's upper triangle, mirrored) -> next level,
 * until a level has at most coarse_size rows, max_levels is reached, or
 * aggregation stops reducing the size; the coarsest level is factorised
 * densely. Each stage is timed (the device is synchronised at stage ends). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hierarchy.h"

#ifdef AMG_HAVE_CUDA
#define AMG_ENABLE_CUDA_BUILD 1
#else
#define AMG_ENABLE_CUDA_BUILD 0
#endif

double amg_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

/* Milliseconds since *t0 once queued device work has finished; restarts *t0.
 * A failure the sync reveals goes into *s (if it holds no error yet), so it
 * is reported at the stage that caused it. */
static double lap(fmt_location loc, double *t0, amg_status *s) {
  if (loc == FMT_DEVICE) {
    amg_status sync = fmt_device_sync();
    if (*s == AMG_OK)
      *s = sync;
  }
  double now = amg_now_ms(), ms = now - *t0;
  *t0 = now;
  return ms;
}

/* An empty row, or a row without a stored diagonal entry, named as such
 * (amg_diagonal's later message cannot tell a missing entry from a NaN). */
static amg_status check_diagonal_stored(const fmt_csr *a) {
  for (int32_t i = 0; i < a->m; i++) {
    int64_t lo = a->row_ptr[i], hi = a->row_ptr[i + 1], k = lo;
    while (k < hi && a->col[k] < i) /* columns are strictly increasing (fmt_csr_validate) */
      k++;
    if (lo == hi)
      return amg_error(AMG_ERR_BAD_DIAGONAL, "row %d (1-based %d) has no entries, so the matrix is singular",
                       i, i + 1);
    if (k == hi || a->col[k] != i)
      return amg_error(AMG_ERR_BAD_DIAGONAL,
                       "row %d (1-based %d) has no diagonal entry; " AMG_NOT_POSITIVE_DIAGONAL, i, i + 1);
  }
  return AMG_OK;
}

static amg_status check_input(const fmt_csr *a) {
  if (!a || a->loc != FMT_HOST)
    return amg_error(AMG_ERR_ARG, "amg_setup: need a host CSR matrix");
  if (a->m != a->n)
    return amg_error(AMG_ERR_NOT_SQUARE, "the matrix is %d x %d; AMG needs a square matrix", a->m, a->n);
  if (a->m == 0)
    return amg_error(AMG_ERR_ARG, "the matrix is empty (0 x 0)");
  amg_status s = fmt_csr_validate(a);
  if (s == AMG_OK)
    s = fmt_csr_check_finite(a);
  return s == AMG_OK ? check_diagonal_stored(a) : s;
}

/* P for level lv: T from the aggregates and B_l, smoothed with A_F (= A when
 * theta = 0); B_{l+1}'s weights go to *wc (count entries, where lv lives). */
static amg_status prolongator(const amg_options *o, amg_level *lv, const double *d, const uint16_t *smask,
                              int32_t count, double theta, int32_t **wc) {
  fmt_location loc = lv->a->loc;
  int32_t n = lv->a->m;
  fmt_tile *t = NULL, *af = NULL;
  double *df = NULL, *dfinv = NULL, *tval = NULL, rho_f = lv->rho;
  amg_status s = fmt_alloc((void **)wc, count, sizeof **wc, loc);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&tval, n, sizeof *tval, loc);
  if (s == AMG_OK)
    s = amg_nullspace_coarsen(loc, lv->agg, lv->w, n, count, *wc, tval);
  if (s == AMG_OK)
    s = amg_tentative(loc, lv->agg, tval, n, count, &t);
  if (s == AMG_OK && theta > 0) {
    s = amg_filter(lv->a, smask, lv->w, &af);
    if (s == AMG_OK)
      s = fmt_alloc((void **)&df, n, sizeof *df, loc);
    if (s == AMG_OK)
      s = fmt_alloc((void **)&dfinv, n, sizeof *dfinv, loc);
    if (s == AMG_OK)
      s = amg_diagonal(af, df);
    if (s == AMG_OK)
      s = amg_invert(loc, n, df, dfinv);
    if (s == AMG_OK)
      s = amg_spectral_radius(af, df, dfinv, o->rho_steps, &rho_f);
  }
  if (s == AMG_OK)
    s = amg_multiply(af ? af : lv->a, t, NULL, o->spgemm, 0, &lv->p);
  if (s == AMG_OK)
    s = amg_smooth_prolongator(lv->p, af ? df : d, lv->agg, tval, o->prolongator_omega / rho_f);
  fmt_tile_destroy(t);
  fmt_tile_destroy(af);
  fmt_free(df, loc);
  fmt_free(dfinv, loc);
  fmt_free(tval, loc);
  return s;
}

/* Fills level l and creates level l+1's operator, or marks l the coarsest. */
static amg_status build_level(amg_hierarchy *h, int l, int *coarsest) {
  const amg_options *o = &h->opt;
  amg_level *lv = &h->level[l];
  amg_level_report *rep = &h->report.level[l];
  fmt_location loc = h->loc;
  const fmt_tile *a = lv->a;
  int32_t n = a->m;
  double *d = NULL, t0 = amg_now_ms();
  uint16_t *smask = NULL;
  double theta = l == 0 ? o->strength_theta : o->strength_theta_coarse;
  rep->rows = n;
  rep->nnz = a->nnz;
  rep->tiles = a->num_tiles;
  rep->nnz_per_tile = a->num_tiles ? (double)a->nnz / a->num_tiles : 0;
  *coarsest = 0;
  amg_status s = fmt_alloc((void **)&d, n, sizeof *d, loc);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&lv->dinv, n, sizeof *lv->dinv, loc);
  if (s == AMG_OK)
    s = amg_diagonal(a, d);
  if (s == AMG_OK)
    s = amg_invert(loc, n, d, lv->dinv);
  if (s != AMG_OK || n <= o->coarse_size || l == o->max_levels - 1) {
    *coarsest = 1;
    if (s == AMG_OK && a->nnz > n) { /* off-diagonal entries that may all be stored zeros */
      int coupled = 1;
      s = amg_coupled(a, &coupled);
      lv->uncoupled = s == AMG_OK && !coupled;
    }
    goto done;
  }
  s = fmt_alloc((void **)&smask, FMT_TILE * a->num_tiles, sizeof *smask, loc);
  if (s == AMG_OK)
    s = amg_strength(a, d, theta, smask);
  rep->ms_strength = lap(loc, &t0, &s);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&lv->agg, n, sizeof *lv->agg, loc);
  if (s == AMG_OK)
    s = amg_aggregate(a, smask, lv->agg, &rep->agg);
  rep->ms_aggregation = lap(loc, &t0, &s);
  if (s == AMG_OK && rep->agg.count == 0 && theta > 0) {
    /* No coupling passed the strength test: a strongly diagonally dominant
     * operator (a mass matrix plus a little stiffness). Such a level is
     * cheap to coarsen with every coupling taken; stopping here left a dense
     * factor of up to 4096 rows (14 s on the CPU) or, larger, a failed setup. */
    if (o->verbose)
      fprintf(stderr, "amg setup: level %d: no coupling is strong at theta = %g; aggregated with theta = 0\n", l,
              theta);
    theta = 0;
    s = amg_strength(a, d, theta, smask);
    if (s == AMG_OK)
      s = amg_aggregate(a, smask, lv->agg, &rep->agg);
    rep->ms_aggregation += lap(loc, &t0, &s);
  }
  /* with theta = 0 every nonzero coupling is strong, so no aggregate means none */
  lv->uncoupled = s == AMG_OK && rep->agg.count == 0 && theta == 0;
  if (s == AMG_OK && (rep->agg.count == 0 || rep->agg.count >= n)) {
    if (o->verbose)
      fprintf(stderr, "amg setup: level %d does not coarsen (%d aggregates of %d rows); it is the coarsest\n",
              l, rep->agg.count, n);
    *coarsest = 1;
    goto done;
  }
  if (s == AMG_OK)
    s = amg_spectral_radius(a, d, lv->dinv, o->rho_steps, &lv->rho);
  rep->rho = lv->rho;
  rep->ms_rho = lap(loc, &t0, &s);
  if (s == AMG_OK)
    s = prolongator(o, lv, d, smask, rep->agg.count, theta, &h->level[l + 1].w);
  if (s == AMG_OK) {
    rep->p_nnz = lv->p->nnz;
    rep->p_tiles = lv->p->num_tiles;
  }
  rep->ms_prolongator = lap(loc, &t0, &s);
  if (s == AMG_OK)
    s = amg_transpose(lv->p, &lv->r);
  rep->ms_transpose = lap(loc, &t0, &s);
  fmt_tile *mid = NULL;
  if (s == AMG_OK)
    s = amg_galerkin(a, lv->p, lv->r, o->galerkin_order, o->spgemm, h->report.symmetric,
                     l == 0 ? h->report.symmetric : h->report.level[l - 1].galerkin_symmetric,
                     h->report.symmetric && lv->r->m >= o->galerkin_symmetric_min_rows, &h->level[l + 1].a,
                     &mid, rep);
  rep->ms_galerkin = lap(loc, &t0, &s);
  if (s == AMG_OK)
    s = amg_galerkin_count(a, lv->p, lv->r, mid, rep);
  fmt_tile_destroy(mid);
  rep->ms_count = lap(loc, &t0, &s);
  if (s == AMG_OK && rep->ms_galerkin > 0)
    rep->galerkin_gflops = 2.0 * rep->galerkin_products / (rep->ms_galerkin * 1e6);
done:
  fmt_free(d, loc);
  fmt_free(smask, loc);
  return s;
}

static void print_level(int l, const amg_level_report *rep, int coarsest) {
  fprintf(stderr, "amg setup: level %d: %d rows, %lld nnz, %lld tiles (%.1f nnz/tile)", l, rep->rows,
          (long long)rep->nnz, (long long)rep->tiles, rep->nnz_per_tile);
  if (!coarsest)
    fprintf(stderr, ", %d aggregates (size %d..%d, mean %.1f), galerkin %s%s %.2f ms", rep->agg.count,
            rep->agg.min_size, rep->agg.max_size, rep->agg.mean_size,
            amg_galerkin_order_name(rep->galerkin_order), rep->galerkin_symmetric ? " symmetric" : "",
            rep->ms_galerkin);
  fputc('\n', stderr);
}

amg_status amg_setup(const fmt_csr *a, const amg_options *opt, amg_hierarchy **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "amg_setup: NULL output");
  *out = NULL;
  amg_options defaults;
  amg_options_default(&defaults);
  if (!opt)
    opt = &defaults;
  amg_status s = amg_options_check(opt);
  if (s == AMG_OK)
    s = check_input(a);
  if (s != AMG_OK)
    return s;
  int gpus = 0; /* the CPU backend does not look (the look creates a CUDA context) */
  if (opt->backend != AMG_BACKEND_CPU || opt->spgemm == SPGEMM_CUSPARSE) {
    /* a GPU that cannot be used: an error where it is required, the CPU
       backend for AUTO */
    amg_status probe = amg_probe_gpu(&gpus);
    if (probe != AMG_OK && (opt->backend == AMG_BACKEND_GPU || opt->spgemm == SPGEMM_CUSPARSE))
      return probe;
    if (opt->backend == AMG_BACKEND_GPU && gpus < 1)
      return amg_error(AMG_ERR_NO_DEVICE, "the GPU backend was requested but no GPU is available%s",
                       AMG_ENABLE_CUDA_BUILD ? "" : " (this build has no CUDA)");
    if (opt->spgemm == SPGEMM_CUSPARSE && gpus < 1) /* backend cpu: amg_options_check */
      return amg_error(AMG_ERR_NO_DEVICE, "amg.spgemm = cusparse needs the GPU, and no GPU is available");
  }
  amg_hierarchy *h = calloc(1, sizeof *h);
  if (!h)
    return amg_error(AMG_ERR_NOMEM, "amg_setup: out of host memory");
  h->opt = *opt;
  h->loc = (opt->backend == AMG_BACKEND_CPU || gpus < 1) ? FMT_HOST : FMT_DEVICE;
  h->report.on_gpu = h->loc == FMT_DEVICE;
  fmt_csr *dev = NULL;
  double t_start, t0;
  if (h->loc == FMT_DEVICE) {
    s = fmt_csr_upload(a, &dev);
    fmt_device_reset_peak();
  }
  t_start = t0 = amg_now_ms();
  if (s == AMG_OK)
    s = h->loc == FMT_DEVICE ? fmt_tile_from_csr_device(dev, &h->level[0].a) : fmt_tile_from_csr(a, &h->level[0].a);
  fmt_csr_destroy(dev);
  h->report.ms_convert = lap(h->loc, &t0, &s);
  /* Only the tile product and the CPU use it; their coarse operators are then symmetric by construction. */
  if (s == AMG_OK && opt->galerkin_symmetric && (h->loc == FMT_HOST || opt->spgemm == SPGEMM_TILE)) {
    s = fmt_tile_is_symmetric(h->level[0].a, &h->report.symmetric);
    h->symmetry_known = s == AMG_OK;
    h->asymmetric = s == AMG_OK && !h->report.symmetric;
  }
  h->report.ms_symmetry = lap(h->loc, &t0, &s);
  size_t peak = h->loc == FMT_DEVICE ? fmt_device_peak_bytes() : 0; /* conversion and symmetry check */
  for (int l = 0; s == AMG_OK; l++) {
    int coarsest = 0;
    if (h->loc == FMT_DEVICE)
      fmt_device_reset_peak(); /* from what the finer levels keep */
    s = build_level(h, l, &coarsest);
    h->levels = l + 1;
    if (h->loc == FMT_DEVICE) {
      h->report.level[l].peak_device_bytes = fmt_device_peak_bytes();
      peak = peak > h->report.level[l].peak_device_bytes ? peak : h->report.level[l].peak_device_bytes;
    }
    if (s != AMG_OK && l > 0) { /* name the level in the message */
      const char *what = amg_error_message();
      s = s == AMG_ERR_BAD_DIAGONAL && strstr(what, AMG_NOT_POSITIVE_DIAGONAL) /* P^T A P of an SPD A has one */
              ? amg_error(s, "level %d: %s (a coarse operator P^T A P: A is not positive definite)", l, what)
              : amg_error(s, "level %d: %s", l, what);
    }
    if (opt->verbose && s == AMG_OK)
      print_level(l, &h->report.level[l], coarsest);
    if (coarsest)
      break;
  }
  t0 = amg_now_ms();
  const fmt_tile *ac = h->levels > 0 ? h->level[h->levels - 1].a : NULL; /* none: level 0's conversion failed */
  /* every row's diagonal is there (amg_diagonal checked it), so nnz = rows is a diagonal matrix;
     so is a level whose off-diagonal entries are all stored zeros (uncoupled) */
  h->report.coarse_diagonal = s == AMG_OK && (ac->nnz == ac->m || h->level[h->levels - 1].uncoupled);
  if (s == AMG_OK && !h->report.coarse_diagonal && ac->m > AMG_COARSE_DENSE_MAX) {
    const amg_level_report *last = &h->report.level[h->levels - 1];
    if (h->levels == opt->max_levels)
      s = amg_error(AMG_ERR_CONFIG,
                    "the coarsest level has %d rows, more than the dense coarse solver takes (%d): "
                    "amg.max_levels = %d was reached; raise it",
                    ac->m, AMG_COARSE_DENSE_MAX, opt->max_levels);
    else {
      const char *key = h->levels == 1 ? "strength_theta" : "strength_theta_coarse";
      double theta = h->levels == 1 ? opt->strength_theta : opt->strength_theta_coarse;
      char advice[160];
      if (theta > 0) /* no aggregate at all makes a diagonal level (uncoupled), never this error */
        snprintf(advice, sizeof advice, "lower amg.%s (now %g)", key, theta);
      else /* theta 0: every off-diagonal entry is already strong */
        snprintf(advice, sizeof advice,
                 "amg.%s is 0 already: isolated nodes are rows with no nonzero off-diagonal entry", key);
      s = amg_error(AMG_ERR_CONFIG,
                    "coarsening stopped at level %d with %d rows (%d aggregates, %d isolated nodes), more "
                    "than the dense coarse solver takes (%d); %s",
                    h->levels - 1, ac->m, last->agg.count, last->agg.isolated, AMG_COARSE_DENSE_MAX, advice);
    }
  }
  if (s == AMG_OK && !h->report.coarse_diagonal) { /* else the V-cycle applies the level's D^-1 */
    s = amg_coarse_create(ac, &h->coarse);
    if (s == AMG_ERR_SINGULAR) /* name the level, and what an SPD-looking A can still be */
      s = amg_error(s, "level %d (%d rows, the coarsest): %s: A is singular (a pure Neumann problem, say, whose "
                       "coarsest operator is singular up to rounding) or not positive definite",
                    h->levels - 1, ac->m, amg_error_message());
  }
  h->report.ms_coarse = lap(h->loc, &t0, &s);
  if (s == AMG_OK)
    s = amg_workspace_create(h);
  if (s == AMG_OK)
    s = amg_solve_prepare(h);
  h->report.ms_solve_prepare = lap(h->loc, &t0, &s);
  h->report.levels = h->levels;
  h->report.setup_ms = amg_now_ms() - t_start;
  if (h->loc == FMT_DEVICE) { /* the coarse factorisation and solve preparation since the last level */
    size_t last = fmt_device_peak_bytes();
    h->report.peak_device_bytes = peak > last ? peak : last;
  }
  double rows = 0, nnz = 0;
  for (int l = 0; l < h->levels; l++) {
    rows += h->report.level[l].rows;
    nnz += h->report.level[l].nnz;
  }
  if (h->levels > 0) {
    h->report.grid_complexity = rows / h->report.level[0].rows;
    h->report.operator_complexity = nnz / (double)h->report.level[0].nnz;
  }
  if (s != AMG_OK) {
    s = amg_note_asymmetry(h, s);
    amg_hierarchy_destroy(h);
    return s;
  }
  *out = h;
  return AMG_OK;
}

/* One value for a message: %g, or all 17 digits where %g would show two
 * different values alike. */
static void value_text(char *out, size_t n, double v, double other) {
  char a[32], b[32];
  snprintf(a, sizeof a, "%g", v);
  snprintf(b, sizeof b, "%g", other);
  snprintf(out, n, strcmp(a, b) ? "%g" : "%.17g", v);
}

/* ": A(i, j) (1-based I, J) = v, but A(j, i) = w" (or "is not stored") into
 * text for the first entry where level 0's A differs from its transpose in
 * value; 1 when found, 0 when A equals its transpose in value, -1 when it
 * could not be looked at (the download or the search failed). */
static int locate_asymmetry(const amg_hierarchy *h, char *text, size_t n) {
  const fmt_tile *a = h->level[0].a;
  fmt_tile *host = NULL;
  if (a->loc == FMT_DEVICE && fmt_tile_download(a, &host) != AMG_OK)
    return -1;
  int found = 0;
  fmt_asymmetry w;
  amg_status s = fmt_tile_asymmetry(host ? host : a, &found, &w);
  fmt_tile_destroy(host);
  if (s != AMG_OK)
    return -1;
  if (found) {
    char v[32], m[32];
    value_text(v, sizeof v, w.value, w.mirror);
    value_text(m, sizeof m, w.mirror, w.value);
    snprintf(text, n, ": A(%lld, %lld) (1-based %lld, %lld) = %s, but A(%lld, %lld) %s%s", (long long)w.row,
             (long long)w.col, (long long)w.row + 1, (long long)w.col + 1, v, (long long)w.col, (long long)w.row,
             w.mirror_stored ? "= " : "is not stored", w.mirror_stored ? m : "");
  }
  return found;
}

amg_status amg_note_asymmetry(amg_hierarchy *h, amg_status s) {
  int spd_failure = s == AMG_ERR_SINGULAR || s == AMG_ERR_BREAKDOWN || s == AMG_ERR_DIVERGED ||
                    s == AMG_ERR_NOT_CONVERGED || s == AMG_ERR_BAD_DIAGONAL;
  if (!spd_failure)
    return s;
  char what[AMG_MESSAGE_MAX];
  snprintf(what, sizeof what, "%s", amg_error_message());
  int checked = !h->symmetry_known && h->levels > 0 && h->level[0].a;
  if (checked) {
    int symmetric = 1;
    h->symmetry_known = fmt_tile_is_symmetric(h->level[0].a, &symmetric) == AMG_OK;
    h->asymmetric = h->symmetry_known && !symmetric;
  }
  if (h->asymmetric && !h->asymmetry_located) { /* once: the pattern check said no; where do the values differ? */
    h->asymmetry_located = 1;
    if (locate_asymmetry(h, h->asymmetry, sizeof h->asymmetry) == 0)
      h->asymmetric = 0; /* equal in value: the patterns differ by stored zeros only */
    checked = 1;         /* the message may have been replaced */
  }
  if (!h->asymmetric) /* the message s came with (the checks may have set one of their own) */
    return checked ? amg_error(s, "%s", what) : s;
  return amg_error(s, "%s " AMG_ASYMMETRY_NOTE "%s; smoothed aggregation and PCG expect a symmetric positive "
                      "definite matrix)", what, h->asymmetry);
}

void amg_hierarchy_destroy(amg_hierarchy *h) {
  if (!h)
    return;
  for (int l = 0; l < AMG_MAX_LEVELS; l++) {
    amg_level *lv = &h->level[l];
    fmt_tile_destroy(lv->a);
    fmt_tile_destroy(lv->p);
    fmt_tile_destroy(lv->r);
    fmt_free(lv->dinv, h->loc);
    fmt_free(lv->agg, h->loc);
    fmt_free(lv->w, h->loc);
  }
  amg_coarse_destroy(h->coarse);
  amg_workspace_destroy(h);
  free(h);
}

const amg_setup_report *amg_hierarchy_report(const amg_hierarchy *h) { return h ? &h->report : NULL; }

static const amg_level *level(const amg_hierarchy *h, int l) {
  return (h && l >= 0 && l < h->levels) ? &h->level[l] : NULL;
}
const fmt_tile *amg_level_operator(const amg_hierarchy *h, int l) { return level(h, l) ? level(h, l)->a : NULL; }
const fmt_tile *amg_level_prolongator(const amg_hierarchy *h, int l) { return level(h, l) ? level(h, l)->p : NULL; }
const fmt_tile *amg_level_restriction(const amg_hierarchy *h, int l) { return level(h, l) ? level(h, l)->r : NULL; }
const int32_t *amg_level_aggregates(const amg_hierarchy *h, int l) { return level(h, l) ? level(h, l)->agg : NULL; }
