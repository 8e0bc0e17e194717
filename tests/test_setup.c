/* The SA setup on the CPU backend: structural properties that must hold
 * whatever the implementation (unit-norm columns of T, no zero row in P,
 * symmetric A_c, A_c 1 = P^T A P 1 by the CSR reference, both Galerkin
 * orders agree), complexities in a sane range, and clear errors for bad
 * input. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "amg.h"
#include "spgemm.h"
#include "test_util.h"

static void csr_matvec(const fmt_csr *a, const double *x, double *y) {
  for (int32_t i = 0; i < a->m; i++) {
    y[i] = 0;
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
      y[i] += a->val[k] * x[a->col[k]];
  }
}

/* max_i sum_j |a_ij| / a_ii >= rho(D^-1 A); and rho >= 1 = trace(D^-1 A) / n. */
static double gershgorin(const fmt_tile *t) {
  fmt_csr *a = test_tile_to_host_csr(t);
  double bound = 0;
  for (int32_t i = 0; a && i < a->m; i++) {
    double sum = 0, diag = 0;
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++) {
      sum += fabs(a->val[k]);
      if (a->col[k] == i)
        diag = a->val[k];
    }
    bound = sum / diag > bound ? sum / diag : bound;
  }
  fmt_csr_destroy(a);
  return bound;
}

static amg_options cpu_options(double theta, amg_galerkin_order order) {
  amg_options o;
  amg_options_default(&o);
  o.backend = AMG_BACKEND_CPU;
  o.coarse_size = 40;
  o.strength_theta = theta;
  o.galerkin_order = order;
  o.galerkin_symmetric_min_rows = 0; /* the symmetric product on every level */
  return o;
}

/* Level l's near-null vector B_l = sqrt(w) (w NULL: ones, level 0) split
 * over the aggregates: T's columns have unit 2-norm and T B_{l+1} = B_l on
 * the aggregated rows, which together fix T and B_{l+1} = sqrt(wc). Returns
 * wc and T as CSR in *t_out. */
static int32_t *check_tentative(const int32_t *agg, const int32_t *w, int32_t n, int32_t count, fmt_csr **t_out,
                                const char *what) {
  fmt_tile *t = NULL;
  int32_t *wc = malloc(((size_t)count + 1) * sizeof *wc);
  double *tval = malloc(((size_t)n + 1) * sizeof *tval);
  CHECK_OK(amg_nullspace_coarsen_host(agg, w, n, count, wc, tval));
  CHECK_OK(amg_tentative_host(agg, tval, n, count, &t));
  fmt_csr *c = t ? test_tile_to_host_csr(t) : NULL;
  double *norm = calloc((size_t)count + 1, sizeof *norm);
  for (int64_t k = 0; c && k < c->nnz; k++)
    norm[c->col[k]] += c->val[k] * c->val[k];
  for (int32_t j = 0; c && j < count; j++)
    CHECK(fabs(norm[j] - 1.0) <= 1e-14, "%s: column %d of T has squared norm %.17g", what, j, norm[j]);
  for (int32_t i = 0; c && i < n; i++) {
    double tb = 0, want = agg[i] < 0 ? 0.0 : sqrt(w ? w[i] : 1.0);
    for (int64_t k = c->row_ptr[i]; k < c->row_ptr[i + 1]; k++)
      tb += c->val[k] * sqrt(wc[c->col[k]]);
    CHECK(fabs(tb - want) <= 1e-14 * fabs(want), "%s: (T B_c)[%d] = %.17g, B[%d] = %.17g", what, i, tb, i, want);
  }
  free(norm);
  free(tval);
  fmt_tile_destroy(t);
  *t_out = c;
  return wc;
}

/* P = T - (omega/rho) D^-1 A T, with T from check_tentative and A T by the
 * CSR reference (for theta = 0 on the level, where A_F = A). */
static void check_smoothed(const fmt_csr *a, const fmt_csr *t, const fmt_csr *p, double scale, const char *what,
                           int l) {
  fmt_csr *at = NULL;
  CHECK_OK(spgemm_csr_reference(a, t, &at));
  double *diag = calloc((size_t)a->m + 1, sizeof *diag);
  for (int32_t i = 0; at && i < a->m; i++) {
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
      if (a->col[k] == i)
        diag[i] = a->val[k];
    for (int64_t k = at->row_ptr[i]; k < at->row_ptr[i + 1]; k++) {
      at->val[k] *= -scale / diag[i];
      for (int64_t q = t->row_ptr[i]; q < t->row_ptr[i + 1]; q++)
        if (t->col[q] == at->col[k])
          at->val[k] += t->val[q];
    }
  }
  char where[160];
  snprintf(where, sizeof where, "%s level %d: P against T - omega/rho D^-1 A T", what, l);
  CHECK(at && test_csr_close_rows(p, at, 1e-12, where), "%s", where);
  free(diag);
  fmt_csr_destroy(at);
}

/* Intermediate products of both Galerkin SpGEMMs in the given order, by the
 * CSR reference (the library counts them on tiles). */
static int64_t galerkin_products(const fmt_csr *a, const fmt_csr *p, const fmt_csr *r, amg_galerkin_order order) {
  int pt_ap = order == AMG_GALERKIN_PT_AP;
  fmt_csr *mid = NULL;
  CHECK_OK(spgemm_csr_reference(pt_ap ? a : r, pt_ap ? p : a, &mid));
  int64_t n = -1;
  if (mid)
    n = spgemm_csr_products(pt_ap ? a : r, pt_ap ? p : a) + spgemm_csr_products(pt_ap ? r : mid, pt_ap ? mid : p);
  fmt_csr_destroy(mid);
  return n;
}

/* home[n0]: the level-l node each level-0 node belongs to (-1: dropped as
 * isolated on the way), advanced to level l+1 here. The weights of B_l are
 * the numbers of level-0 nodes per level-l node, counted from home
 * independently of the library. theta_zero: no level filters A, so P can be
 * rebuilt exactly. */
static void check_level(const amg_hierarchy *h, const amg_options *o, int l, int theta_zero, int32_t *home,
                        int32_t n0, const char *what) {
  const amg_setup_report *rep = amg_hierarchy_report(h);
  fmt_csr *a = test_tile_to_host_csr(amg_level_operator(h, l));
  fmt_csr *p = test_tile_to_host_csr(amg_level_prolongator(h, l));
  fmt_csr *ac = test_tile_to_host_csr(amg_level_operator(h, l + 1));
  fmt_csr *r = NULL, *act = NULL, *t = NULL;
  CHECK(a && p && ac, "%s level %d: matrices missing", what, l);
  if (!a || !p || !ac)
    goto done;
  const int32_t *agg = amg_level_aggregates(h, l);
  int32_t count = rep->level[l].agg.count;
  int32_t *weight = calloc((size_t)a->m + 1, sizeof *weight);
  int32_t *wc_want = calloc((size_t)count + 1, sizeof *wc_want);
  for (int32_t i = 0; i < n0; i++)
    if (home[i] >= 0) {
      weight[home[i]]++;
      home[i] = agg[home[i]];
      if (home[i] >= 0)
        wc_want[home[i]]++;
    }
  int32_t *wc = check_tentative(agg, l == 0 ? NULL : weight, a->m, count, &t, what);
  for (int32_t j = 0; j < count; j++)
    CHECK(wc[j] == wc_want[j], "%s level %d: aggregate %d stands for %d level-0 nodes, weight %d", what, l, j,
          wc_want[j], wc[j]);
  free(weight);
  free(wc);
  free(wc_want);
  if (theta_zero && t)
    check_smoothed(a, t, p, o->prolongator_omega / rep->level[l].rho, what, l);
  /* Every aggregated node has a nonzero row in P; an isolated one (agg -1: no
   * strong neighbour, left to the smoother) has none, and is counted. */
  int32_t isolated = 0;
  for (int32_t i = 0; i < p->m; i++) {
    isolated += agg[i] < 0;
    CHECK(agg[i] < 0 || p->row_ptr[i + 1] > p->row_ptr[i], "%s level %d: row %d of P is empty", what, l, i);
  }
  CHECK(isolated == rep->level[l].agg.isolated, "%s level %d: %d isolated nodes, report says %d", what, l,
        isolated, rep->level[l].agg.isolated);
  CHECK(p->n == ac->m && ac->m == rep->level[l].agg.count, "%s level %d: coarse size mismatch", what, l);
  CHECK_OK(fmt_csr_transpose(ac, &act));
  if (act)
    CHECK(test_csr_close_rows(ac, act, 1e-12, what), "%s level %d: A_c is not symmetric", what, l);
  /* A_c 1 against P^T (A (P 1)) with plain CSR products. */
  CHECK_OK(fmt_csr_transpose(p, &r));
  if (r) {
    int64_t want = galerkin_products(a, p, r, rep->level[l].galerkin_order);
    CHECK(rep->level[l].galerkin_products == want, "%s level %d: %lld Galerkin products reported, %lld counted",
          what, l, (long long)rep->level[l].galerkin_products, (long long)want);
  }
  double *one = malloc((size_t)ac->m * sizeof *one), *v = malloc((size_t)a->m * sizeof *v);
  double *w = malloc((size_t)a->m * sizeof *w), *z = malloc((size_t)ac->m * sizeof *z);
  double *y = malloc((size_t)ac->m * sizeof *y);
  for (int32_t j = 0; j < ac->m; j++)
    one[j] = 1.0;
  csr_matvec(p, one, v);
  csr_matvec(a, v, w);
  csr_matvec(r, w, z);
  csr_matvec(ac, one, y);
  double scale = 0;
  for (int32_t j = 0; j < ac->m; j++)
    scale = fabs(z[j]) > scale ? fabs(z[j]) : scale;
  for (int32_t j = 0; j < ac->m; j++)
    CHECK(fabs(y[j] - z[j]) <= 1e-12 * (scale + 1e-300), "%s level %d: (A_c 1)[%d] = %.17g, P^T A P 1 = %.17g",
          what, l, j, y[j], z[j]);
  free(one);
  free(v);
  free(w);
  free(z);
  free(y);
done:
  fmt_csr_destroy(a);
  fmt_csr_destroy(p);
  fmt_csr_destroy(ac);
  fmt_csr_destroy(r);
  fmt_csr_destroy(act);
  fmt_csr_destroy(t);
}

/* stencil 0: the jumping-coefficient diffusion matrix of configs/matrices.
 * theta on level 0, theta_coarse below. */
static void check_problem(int stencil, int32_t n, double theta, double theta_coarse) {
  char what[96];
  snprintf(what, sizeof what, "%s %d n=%d theta=%g/%g", stencil ? "poisson" : "diffusion", stencil, n, theta,
           theta_coarse);
  fmt_csr *a = NULL;
  amg_hierarchy *h = NULL, *h2 = NULL, *h3 = NULL;
  if (stencil)
    CHECK_OK(fmt_poisson(stencil, n, &a));
  else
    CHECK_OK(fmt_mm_read(AMG_SOURCE_DIR "/configs/matrices/diffusion2d_40.mtx", &a));
  amg_options o = cpu_options(theta, AMG_GALERKIN_PT_AP);
  o.strength_theta_coarse = theta_coarse;
  CHECK_OK(amg_setup(a, &o, &h));
  int32_t *home = malloc((size_t)a->m * sizeof *home);
  for (int32_t i = 0; i < a->m; i++)
    home[i] = i;
  if (h) {
    const amg_setup_report *rep = amg_hierarchy_report(h);
    CHECK(rep->levels >= 2 && !rep->on_gpu, "%s: %d levels", what, rep->levels);
    CHECK(rep->symmetric && rep->level[0].galerkin_symmetric, "%s: A not found symmetric", what);
    /* With theta > 0 coarsening may stop early: Galerkin operators spread their
     * weight over more neighbours, all of them can fall below theta, and a
     * level whose nodes are all isolated becomes the coarsest. */
    CHECK(theta > 0 || rep->level[rep->levels - 1].rows <= 40 || rep->levels == o.max_levels,
          "%s: coarsest has %d rows", what, rep->level[rep->levels - 1].rows);
    CHECK(rep->grid_complexity > 1.0 && rep->grid_complexity < 1.6, "%s: grid complexity %g", what,
          rep->grid_complexity);
    CHECK(rep->operator_complexity > 1.0 && rep->operator_complexity < 2.5, "%s: operator complexity %g",
          what, rep->operator_complexity);
    for (int l = 0; l + 1 < rep->levels; l++) {
      CHECK(rep->level[l + 1].rows < rep->level[l].rows, "%s: level %d does not coarsen", what, l);
      double bound = gershgorin(amg_level_operator(h, l));
      CHECK(rep->level[l].rho >= 1.0 && rep->level[l].rho <= bound,
            "%s level %d: rho(D^-1 A) = %g outside [1, %g] (trace bound, Gershgorin)", what, l,
            rep->level[l].rho, bound);
      check_level(h, &o, l, theta == 0 && theta_coarse == 0, home, a->m, what);
    }
    /* The other order gives the same coarse operators. */
    o.galerkin_order = AMG_GALERKIN_PTA_P;
    CHECK_OK(amg_setup(a, &o, &h2));
    for (int l = 1; h2 && l < rep->levels; l++) {
      fmt_csr *x = test_tile_to_host_csr(amg_level_operator(h, l));
      fmt_csr *y = test_tile_to_host_csr(amg_level_operator(h2, l));
      CHECK(x && y && test_csr_close_rows(y, x, 1e-12, what), "%s: orders differ at level %d", what, l);
      fmt_csr_destroy(x);
      fmt_csr_destroy(y);
    }
    /* A is symmetric, so both orders count the same products (check_level
     * checked P^T(AP)'s), and AUTO takes P^T(AP) without counting. */
    o.galerkin_order = AMG_GALERKIN_AUTO;
    CHECK_OK(amg_setup(a, &o, &h3));
    for (int l = 0; h2 && h3 && l + 1 < rep->levels; l++) {
      const amg_level_report *x = &rep->level[l], *y = &amg_hierarchy_report(h2)->level[l],
                             *z = &amg_hierarchy_report(h3)->level[l];
      CHECK(y->galerkin_products == x->galerkin_products && z->galerkin_products == x->galerkin_products,
            "%s level %d: products P^T(AP) %lld, (P^T A)P %lld, auto %lld", what, l,
            (long long)x->galerkin_products, (long long)y->galerkin_products, (long long)z->galerkin_products);
      CHECK(z->galerkin_order == AMG_GALERKIN_PT_AP, "%s level %d: auto took %s", what, l,
            amg_galerkin_order_name(z->galerkin_order));
    }
  }
  free(home);
  amg_hierarchy_destroy(h);
  amg_hierarchy_destroy(h2);
  amg_hierarchy_destroy(h3);
  fmt_csr_destroy(a);
}

/* Entry (i, i) of a Poisson matrix set to v. */
static fmt_csr *poisson_with_diagonal(int32_t row, double v) {
  fmt_csr *a = NULL;
  if (fmt_poisson(5, 10, &a) != AMG_OK)
    return NULL;
  for (int64_t k = a->row_ptr[row]; k < a->row_ptr[row + 1]; k++)
    if (a->col[k] == row)
      a->val[k] = v;
  return a;
}

/* y = A x for a tile matrix, through CSR; x NULL means ones. */
static double *tile_matvec(const fmt_tile *t, const double *x) {
  fmt_csr *a = test_tile_to_host_csr(t);
  double *ones = malloc(((size_t)t->n + 1) * sizeof *ones), *y = calloc((size_t)t->m + 1, sizeof *y);
  for (int32_t j = 0; j < t->n; j++)
    ones[j] = x ? x[j] : 1.0;
  if (a)
    csr_matvec(a, ones, y);
  free(ones);
  fmt_csr_destroy(a);
  return y;
}

/* The filter lumps weak entries so that A_F b = A b, for b = 1 (row sums)
 * and for b = sqrt(w), w random in 8..12; it drops entries. The diffusion matrix at theta
 * 0.25, where the coefficient jumps make many entries weak. */
static void check_filter(void) {
  fmt_csr *a = NULL;
  fmt_tile *t = NULL;
  CHECK_OK(fmt_mm_read(AMG_SOURCE_DIR "/configs/matrices/diffusion2d_40.mtx", &a));
  CHECK_OK(fmt_tile_from_csr(a, &t));
  if (!t) {
    fmt_csr_destroy(a);
    return;
  }
  double *d = malloc((size_t)t->m * sizeof *d), *b = malloc((size_t)t->m * sizeof *b);
  int32_t *w = malloc((size_t)t->m * sizeof *w);
  uint16_t *smask = malloc((size_t)FMT_TILE * t->num_tiles * sizeof *smask);
  CHECK_OK(amg_diagonal_host(t, d));
  CHECK_OK(amg_strength_host(t, d, 0.25, smask));
  test_rng rng = {11};
  for (int32_t i = 0; i < t->m; i++) {
    w[i] = 8 + (int32_t)(5 * test_rng_uniform(&rng));
    b[i] = sqrt(w[i]);
  }
  for (int pass = 0; pass < 2; pass++) {
    const double *bb = pass ? b : NULL;
    fmt_tile *af = NULL;
    CHECK_OK(amg_filter_host(t, smask, pass ? w : NULL, &af));
    if (!af)
      continue;
    CHECK(af->nnz < t->nnz, "filter: A_F keeps all %lld entries", (long long)t->nnz);
    double *y = tile_matvec(t, bb), *z = tile_matvec(af, bb), *df = malloc((size_t)t->m * sizeof *df);
    CHECK_OK(amg_diagonal_host(af, df));
    /* Row i's weak entries, found here from smask: in A, not strong, not
     * the diagonal. Lumping them must give A_F b = A b, unless it would
     * leave the diagonal non-positive: then the row keeps its diagonal and
     * just loses them. */
    int32_t lumped = 0;
    for (int32_t i = 0; i < t->m; i++) {
      int32_t ti = i / FMT_TILE, r = i % FMT_TILE;
      double weak = 0;
      int has_weak = 0;
      for (int64_t u = t->tile_ptr[ti]; u < t->tile_ptr[ti + 1]; u++) {
        int64_t k = t->tile_nnz[u] + t->row_ptr[FMT_TILE * u + r];
        for (unsigned bits = t->mask[FMT_TILE * u + r]; bits; bits &= bits - 1, k++) {
          int32_t j = t->tile_col[u] * FMT_TILE + __builtin_ctz(bits);
          if (j != i && !(smask[FMT_TILE * u + r] & (bits & -bits))) {
            weak += t->val[k] * (bb ? bb[j] : 1.0);
            has_weak = 1;
          }
        }
      }
      double bi = bb ? bb[i] : 1.0;
      int lump = has_weak && d[i] + weak / bi > 0;
      lumped += lump;
      double want = lump ? y[i] : y[i] - weak;
      CHECK(fabs(z[i] - want) <= 1e-13 * d[i] * bi && (lump || df[i] == d[i]),
            "filter (b %s), row %d (%s): (A_F b) = %.17g, expected %.17g; diagonal %.17g, was %.17g",
            pass ? "random" : "ones", i, lump ? "lumped" : "not lumped", z[i], want, df[i], d[i]);
    }
    CHECK(lumped >= t->m / 4, "filter: only %d of %d rows lumped weak entries", lumped, t->m);
    free(df);
    free(y);
    free(z);
    fmt_tile_destroy(af);
  }
  free(d);
  free(b);
  free(w);
  free(smask);
  fmt_tile_destroy(t);
  fmt_csr_destroy(a);
}

static void check_bad_input(void) {
  amg_options o = cpu_options(0.0, AMG_GALERKIN_AUTO);
  amg_hierarchy *h = NULL;
  fmt_csr *a = poisson_with_diagonal(7, 0.0);
  CHECK_ERROR(amg_setup(a, &o, &h), AMG_ERR_BAD_DIAGONAL, "row 7 (1-based 8)");
  fmt_csr_destroy(a);
  a = poisson_with_diagonal(3, -4.0);
  CHECK_ERROR(amg_setup(a, &o, &h), AMG_ERR_BAD_DIAGONAL, "-4");
  fmt_csr_destroy(a);
  a = poisson_with_diagonal(5, NAN);
  CHECK_ERROR(amg_setup(a, &o, &h), AMG_ERR_NONFINITE, "(5, 5)");
  fmt_csr_destroy(a);
  a = test_random_csr(30, 20, 0.3, 5, 0, 0);
  CHECK_ERROR(amg_setup(a, &o, &h), AMG_ERR_NOT_SQUARE, "30 x 20");
  fmt_csr_destroy(a);
  /* A stored diagonal is required: a matrix without entry (4, 4). */
  CHECK_OK(fmt_csr_create(20, 20, 19, FMT_HOST, &a));
  for (int32_t i = 0; i <= 20; i++)
    a->row_ptr[i] = i <= 4 ? i : i - 1;
  for (int32_t i = 0, k = 0; i < 20; i++)
    if (i != 4) {
      a->col[k] = i;
      a->val[k++] = 2.0;
    }
  CHECK_ERROR(amg_setup(a, &o, &h), AMG_ERR_BAD_DIAGONAL, "row 4 (1-based 5) has no entries");
  fmt_csr_destroy(a);
  /* Row 4 holds (4, 3) and (4, 5) but not (4, 4); row 0 lacks nothing. */
  CHECK_OK(fmt_csr_create(20, 20, 21, FMT_HOST, &a));
  for (int32_t i = 0, k = 0; i < 20; i++) {
    a->row_ptr[i] = k;
    if (i == 4) {
      a->col[k] = 3, a->val[k++] = -1.0;
      a->col[k] = 5, a->val[k++] = -1.0;
    } else {
      a->col[k] = i, a->val[k++] = 2.0;
    }
    a->row_ptr[i + 1] = k;
  }
  CHECK_ERROR(amg_setup(a, &o, &h), AMG_ERR_BAD_DIAGONAL, "row 4 (1-based 5) has no diagonal entry");
  fmt_csr_destroy(a);
  CHECK_OK(fmt_poisson(5, 10, &a));
  o.strength_theta = 2.0;
  CHECK_ERROR(amg_setup(a, &o, &h), AMG_ERR_CONFIG, "strength_theta");
  amg_options_default(&o);
  o.strength_theta_coarse = -0.5;
  CHECK_ERROR(amg_setup(a, &o, &h), AMG_ERR_CONFIG, "strength_theta_coarse");
  fmt_csr_destroy(a);
  CHECK(h == NULL, "no hierarchy on error");
}

/* An unsymmetric A (one off-diagonal value changed) gets whole Galerkin
 * products; galerkin_symmetric = false turns them off for a symmetric one. */
static void check_unsymmetric(void) {
  fmt_csr *a = NULL;
  amg_hierarchy *h = NULL;
  CHECK_OK(fmt_poisson(5, 40, &a));
  amg_options o = cpu_options(0.0, AMG_GALERKIN_PT_AP);
  for (int k = 0; k < 2 && a; k++) {
    if (k == 0)
      o.galerkin_symmetric = 0;
    else {
      o.galerkin_symmetric = 1;
      a->val[1] *= 1.5; /* (0, 1), not (1, 0) */
    }
    CHECK_OK(amg_setup(a, &o, &h));
    if (h) {
      const amg_setup_report *rep = amg_hierarchy_report(h);
      CHECK(!rep->symmetric && !rep->level[0].galerkin_symmetric, "case %d: symmetric product used", k);
    }
    amg_hierarchy_destroy(h);
    h = NULL;
  }
  fmt_csr_destroy(a);
}

/* Strength is symmetric for a symmetric A even at the threshold: a_ij set to
 * theta sqrt(d_i) sqrt(d_j) as rounded in either order, for random diagonals
 * (before the threshold's product was parenthesised, about a third of such
 * pairs came out strong one way only). */
static void check_strength_symmetric(void) {
  const double theta = 0.08;
  test_rng rng = {5};
  int asymmetric = 0;
  for (int trial = 0; trial < 200; trial++) {
    double di = 1 + 10 * test_rng_uniform(&rng), dj = 1 + 10 * test_rng_uniform(&rng);
    double v = trial % 2 ? theta * sqrt(di) * sqrt(dj) : theta * sqrt(dj) * sqrt(di);
    const int64_t row_ptr[3] = {0, 2, 4};
    const int32_t col[4] = {0, 1, 0, 1};
    const double val[4] = {di, -v, -v, dj};
    fmt_csr *a = test_csr_from(2, 2, row_ptr, col, val);
    fmt_tile *t = NULL;
    CHECK(a != NULL, "strength: the 2 x 2 matrix");
    if (!a)
      return;
    CHECK_OK(fmt_tile_from_csr(a, &t));
    double d[2];
    uint16_t smask[FMT_TILE] = {0};
    CHECK_OK(amg_diagonal_host(t, d));
    CHECK_OK(amg_strength_host(t, d, theta, smask));
    asymmetric += ((smask[0] >> 1) & 1u) != (smask[1] & 1u);
    fmt_tile_destroy(t);
    fmt_csr_destroy(a);
  }
  CHECK(asymmetric == 0, "strength: %d of 200 symmetric pairs strong one way only", asymmetric);
}

int main(void) {
  check_strength_symmetric();
  check_unsymmetric();
  /* No filtering anywhere: P is rebuilt exactly on every level. */
  check_problem(5, 40, 0.0, 0.0);
  check_problem(9, 40, 0.0, 0.0);
  check_problem(7, 14, 0.0, 0.0);
  check_problem(27, 12, 0.0, 0.0);
  /* The defaults (theta 0 on level 0, 0.02 below). */
  check_problem(5, 40, 0.0, 0.02);
  check_problem(9, 40, 0.0, 0.02);
  check_problem(7, 14, 0.0, 0.02);
  check_problem(27, 12, 0.0, 0.02);
  check_problem(5, 40, 0.25, 0.02);
  /* Coefficient jumps: theta > 0 removes entries on every level, and the
   * coarse operators' positive entries exercise the filter's lumping. */
  check_problem(0, 40, 0.1, 0.02);
  check_problem(0, 40, 0.25, 0.02);
  check_filter();
  check_bad_input();
  return test_finish("test_setup");
}
