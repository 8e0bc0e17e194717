/* The operations of the smoothed-aggregation setup and of the solve. Each
 * has a host version (the CPU reference, plain and obviously correct) and a
 * device version with the same contract; a matrix and the vectors passed with
 * it live in the same place (a->loc). Internal to solver/. Prefix: amg_.
 *
 * Vectors are plain double arrays of the matrix's row count. Device scalars
 * and results are returned to the host unless a name says otherwise.
 * Every device reduction is deterministic: fixed grid, fixed per-thread
 * order, fixed combination tree; no floating-point atomics. */
#ifndef AMG_OPS_H
#define AMG_OPS_H

#include <float.h>
#include <math.h>
#include <stdint.h>

#include "formats.h"
#include "spgemm.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __CUDACC__
#define AMG_HD __host__ __device__
#else
#define AMG_HD
#endif

/* ---- diagonal and strength of connection (strength.c / strength.cu) ---- */

/* d[i] = a_ii. Fails with AMG_ERR_BAD_DIAGONAL naming the first row (0- and
 * 1-based) whose diagonal is missing, zero, negative, not finite, or so
 * small that 1 / a_ii overflows (amg_diagonal_usable). */
amg_status amg_diagonal_host(const fmt_tile *a, double *d);
amg_status amg_diagonal_device(const fmt_tile *a, double *d);
static inline AMG_HD int amg_diagonal_usable(double v) { return v > 0 && v <= DBL_MAX && 1.0 / v <= DBL_MAX; }
/* The AMG_ERR_BAD_DIAGONAL status and message for row i's diagonal v. */
amg_status amg_bad_diagonal(int32_t i, double v);
/* The words of amg_bad_diagonal's message for a diagonal entry <= 0 or NaN
 * (not one too small to invert), by which setup tells the two apart. */
#define AMG_NOT_POSITIVE_DIAGONAL "smoothed aggregation needs a positive diagonal"

/* Symmetric strength: smask[16t + r] has bit c set exactly when the entry
 * (i, j) at local (r, c) of tile t is off-diagonal, nonzero, and
 * |a_ij| >= theta * (sqrt|a_ii| * sqrt|a_jj|) (the same for (i, j) and
 * (j, i), and no overflow for any finite diagonal). Same indexing as a->mask; its bits
 * are a subset of a->mask's. d is the diagonal. */
amg_status amg_strength_host(const fmt_tile *a, const double *d, double theta, uint16_t *smask);
amg_status amg_strength_device(const fmt_tile *a, const double *d, double theta, uint16_t *smask);
/* *coupled = 1 when a stores a nonzero value off its diagonal, else 0 (a
 * diagonal matrix, perhaps with stored zeros). a's values are finite. */
amg_status amg_coupled_host(const fmt_tile *a, int *coupled);
amg_status amg_coupled_device(const fmt_tile *a, int *coupled);

/* A_F: A with its weak off-diagonal entries (in a->mask, not in smask)
 * removed and lumped into the diagonal so that A_F b = A b, for the level's
 * near-null vector b = sqrt(w) (w NULL: b = 1): d_i += (sum of weak
 * a_ij b_j) / b_i, unless that leaves d_i <= 0. Tiles left empty are
 * dropped. */
amg_status amg_filter_host(const fmt_tile *a, const uint16_t *smask, const int32_t *w, fmt_tile **af);
amg_status amg_filter_device(const fmt_tile *a, const uint16_t *smask, const int32_t *w, fmt_tile **af);

/* ---- MIS-2 aggregation (aggregate_mis2.c / aggregate_mis2.cu) ----
 *
 * The graph: node i's neighbours are the j with (i, j) strong (smask bits
 * of A's tile row i/16, local row i%16), assumed symmetric. Nodes with no
 * strong neighbour are isolated: agg = -1, never aggregated.
 *
 * MIS-2 by synchronous rounds (Bell, Dalton, Olson 2012), identical on CPU
 * and GPU by construction:
 *   key(j) = (state rank << 62) | (amg_priority(j ^ salt) << 31) | j, with
 *   rank 2 = in the set, 1 = undecided, 0 = out (isolated nodes count as
 *   out), and the round's salt amg_mis2_salt(round) (below).
 *   Each round: m1(i) = max key over i and its neighbours; m2(i) = max m1
 *   over i and its neighbours (so the max over distance <= 2), both
 *   computed from the previous round's states only; then an undecided i
 *   joins the set if m2(i) == key(i), else leaves it (out) if m2(i) has
 *   rank 2. Repeat until no node is undecided.
 * Aggregates: the set's nodes are the roots, numbered in increasing order of
 * index. Pass 1: a non-root node with a root neighbour joins it (at most one
 * exists; take the smallest root index). Pass 2, using pass-1 results only:
 * a node still unassigned joins the aggregate of its assigned neighbour with
 * the largest (amg_priority, index). Every non-isolated node is then
 * aggregated. */
typedef struct amg_aggregate_stats {
  int32_t count;     /* aggregates */
  int32_t isolated;  /* nodes left out */
  int32_t min_size, max_size;
  double mean_size;
  int rounds;        /* MIS-2 rounds */
} amg_aggregate_stats;

/* Node priority: a fixed 31-bit hash of the index (no random generator). */
static inline AMG_HD uint32_t amg_priority(uint32_t i) {
  uint32_t x = i + 0x9E3779B9u;
  x ^= x >> 16;
  x *= 0x7FEB352Du;
  x ^= x >> 15;
  x *= 0x846CA68Bu;
  x ^= x >> 16;
  return x & 0x7FFFFFFFu;
}

/* MIS-2's priorities are amg_priority(j ^ salt) with salt = amg_mis2_salt(round),
 * round counted from 0: 0 (amg_priority itself) for the first
 * AMG_MIS2_FIXED_ROUNDS rounds, then a new salt each round. A numbering that
 * follows amg_priority along a path would otherwise decide a few nodes per
 * round, O(n) rounds; fresh priorities bring it back to O(log n). The four
 * Poisson problems' levels take 6-16 rounds, so their hierarchies do not see
 * the change. */
#define AMG_MIS2_FIXED_ROUNDS 32
static inline AMG_HD uint32_t amg_mis2_salt(int round) {
  return round < AMG_MIS2_FIXED_ROUNDS ? 0u : amg_priority((uint32_t)round) | 1u;
}

/* agg[n] (where a lives) receives each node's aggregate or -1; st on the host. */
amg_status amg_aggregate_host(const fmt_tile *a, const uint16_t *smask, int32_t *agg,
                              amg_aggregate_stats *st);
amg_status amg_aggregate_device(const fmt_tile *a, const uint16_t *smask, int32_t *agg,
                                amg_aggregate_stats *st);
/* Half-warps per tile row in the device MIS-2 kernels: 0 (the default) lets
 * amg_aggregate_device choose by fmt_workers_per_row; 1, 2, 4 or 8 force it.
 * Process-wide and not thread-safe: for tests and benchmarks. */
amg_status amg_aggregate_set_parts(int parts);
int amg_aggregate_get_parts(void);
/* The argument checks both versions make (clears *st first): non-NULL
 * arguments, a square matrix where loc says; `who` names the caller. */
amg_status amg_aggregate_check_args(const fmt_tile *a, const uint16_t *smask, const int32_t *agg,
                                    amg_aggregate_stats *st, fmt_location loc, const char *who);

/* size[0 .. count) (where agg lives) = the number of nodes in each aggregate,
 * or the sum of their weights w (NULL: 1 each); agg[i] >= count is an error
 * on the host (ignored on the device). */
amg_status amg_aggregate_sizes_host(const int32_t *agg, int32_t n, int32_t count, const int32_t *w,
                                    int32_t *size);
amg_status amg_aggregate_sizes_device(const int32_t *agg, int32_t n, int32_t count, const int32_t *w,
                                      int32_t *size);

/* ---- near-null space and prolongator (nullspace.c/.cu, tentative.c/.cu,
 * smooth_prolongator.c/.cu); arrays live where agg lives ---- */

/* Level l's near-null vector is B_l = sqrt(w) for the integer weights w[n]
 * (NULL: all ones, level 0; see nullspace.c). wc[count] receives level
 * l+1's weights, the sums of w over each aggregate; tval[n] receives T's
 * entries sqrt(w_i) / sqrt(wc[agg[i]]) (0 where agg[i] < 0). An empty
 * aggregate is an error on the host. The device result is bitwise the
 * host's. */
amg_status amg_nullspace_coarsen_host(const int32_t *agg, const int32_t *w, int32_t n, int32_t count, int32_t *wc,
                                      double *tval);
amg_status amg_nullspace_coarsen_device(const int32_t *agg, const int32_t *w, int32_t n, int32_t count,
                                        int32_t *wc, double *tval);

/* T (n x count): T[i, agg[i]] = tval[i], no entry for agg[i] < 0. */
amg_status amg_tentative_host(const int32_t *agg, const double *tval, int32_t n, int32_t count, fmt_tile **t);
amg_status amg_tentative_device(const int32_t *agg, const double *tval, int32_t n, int32_t count,
                                fmt_tile **t);

/* P = T - scale * D^-1 S in place of S, where S = A_F T (whose pattern holds
 * T's) and d the diagonal of A_F: p_ij = -scale * s_ij / d_i, plus tval[i]
 * where j = agg[i]. */
amg_status amg_smooth_prolongator_host(fmt_tile *s, const double *d, const int32_t *agg, const double *tval,
                                       double scale);
amg_status amg_smooth_prolongator_device(fmt_tile *s, const double *d, const int32_t *agg,
                                         const double *tval, double scale);

/* ---- SpMV and vector kernels (spmv.c/.cu, blas1.c/.cu) ---- */

/* y = A x */
amg_status amg_spmv_host(const fmt_tile *a, const double *x, double *y);
amg_status amg_spmv_device(const fmt_tile *a, const double *x, double *y);
/* r = b - A x */
amg_status amg_residual_host(const fmt_tile *a, const double *b, const double *x, double *r);
amg_status amg_residual_device(const fmt_tile *a, const double *b, const double *x, double *r);
/* One weighted-Jacobi sweep: x_out = x_in + omega * dinv .* (b - A x_in); x_out != x_in. */
amg_status amg_jacobi_host(const fmt_tile *a, const double *dinv, double omega, const double *b,
                           const double *x_in, double *x_out);
amg_status amg_jacobi_device(const fmt_tile *a, const double *dinv, double omega, const double *b,
                             const double *x_in, double *x_out);

/* Argument check of the vector kernels: n >= 0 and, for n > 0, p and q set. */
amg_status amg_vector_check(const char *what, int32_t n, const void *p, const void *q);
/* y = alpha x + y */
amg_status amg_axpy_host(int32_t n, double alpha, const double *x, double *y);
amg_status amg_axpy_device(int32_t n, double alpha, const double *x, double *y);
/* x[i] = value */
amg_status amg_fill_host(int32_t n, double value, double *x);
amg_status amg_fill_device(int32_t n, double value, double *x);

/* ---- dense coarse solve (coarse_solve.c / coarse_solve.cu) ---- */

/* Largest coarsest level factorised densely. */
#define AMG_COARSE_DENSE_MAX 4096

typedef struct amg_coarse_solver amg_coarse_solver;

/* Factorises the n x n symmetric positive definite a (n <= AMG_COARSE_DENSE_MAX)
 * by dense Cholesky; AMG_ERR_SINGULAR naming the failing pivot if it is not SPD. */
amg_status amg_coarse_create_host(const fmt_tile *a, amg_coarse_solver **out);
amg_status amg_coarse_create_device(const fmt_tile *a, amg_coarse_solver **out);
/* Creates the cuSOLVER handle and loads its kernels now (a one-time cost)
 * instead of in the first setup. */
amg_status amg_coarse_device_init(void);
/* x = A^-1 b, vectors where a lived. */
amg_status amg_coarse_apply(const amg_coarse_solver *cs, const double *b, double *x);
void amg_coarse_destroy(amg_coarse_solver *cs);

/* ---- PCG vector steps (pcg_ops.c / pcg_ops.cu) ----
 * The iteration's scalars s[AMG_PCG_SCALARS] live where the vectors do, so
 * the device loop never waits for them; the host reads them once per
 * iteration. work holds AMG_PCG_PARTIALS doubles (block partial sums). */
enum { AMG_PCG_RR = 0, AMG_PCG_PQ, AMG_PCG_RZ_OLD, AMG_PCG_RZ, AMG_PCG_SCALARS };
#define AMG_PCG_PARTIALS 1024

/* s[slot] = x . y; for slot AMG_PCG_RZ the old s[RZ] first moves to s[RZ_OLD]. */
amg_status amg_pcg_dot(fmt_location loc, int32_t n, const double *x, const double *y, double *s, int slot,
                       double *work);
/* alpha = s[RZ] / s[PQ]; x += alpha p; r -= alpha q; s[RR] = r . r */
amg_status amg_pcg_update_xr(fmt_location loc, int32_t n, double *s, const double *p, const double *q,
                             double *x, double *r, double *work);
/* beta = s[RZ] / s[RZ_OLD]; p = z + beta p */
amg_status amg_pcg_update_p(fmt_location loc, int32_t n, const double *s, const double *z, double *p);
amg_status amg_pcg_dot_device(int32_t n, const double *x, const double *y, double *s, int slot, double *work);
amg_status amg_pcg_update_xr_device(int32_t n, double *s, const double *p, const double *q, double *x,
                                    double *r, double *work);
amg_status amg_pcg_update_p_device(int32_t n, const double *s, const double *z, double *p);

/* ---- power-iteration step for rho(D^-1 A) (power_step.c / power_step.cu) ----
 * On entry y = A x. Sets stats[XAX] = x'y, stats[XDX] = x'Dx, y = D^-1 y,
 * stats[YY] = y'y, and then y = y / sqrt(stats[YY]). stats lives where the
 * vectors do, so the device loop never waits for it; work holds
 * AMG_POWER_STATS * AMG_POWER_PARTIALS doubles (block partial sums). */
enum { AMG_POWER_XAX = 0, AMG_POWER_XDX, AMG_POWER_YY, AMG_POWER_STATS };
#define AMG_POWER_PARTIALS 1024
amg_status amg_power_step_host(int32_t n, const double *d, const double *dinv, const double *x, double *y,
                               double *stats);
amg_status amg_power_step_device(int32_t n, const double *d, const double *dinv, const double *x, double *y,
                                 double *stats, double *work);

/* ---- dispatch by location (ops_dispatch.c) ----
 * The algorithm code calls these; they pick the host or device version
 * from the matrix's location (or the given one for plain vectors). */
amg_status amg_diagonal(const fmt_tile *a, double *d);
amg_status amg_strength(const fmt_tile *a, const double *d, double theta, uint16_t *smask);
amg_status amg_coupled(const fmt_tile *a, int *coupled);
amg_status amg_filter(const fmt_tile *a, const uint16_t *smask, const int32_t *w, fmt_tile **af);
amg_status amg_aggregate(const fmt_tile *a, const uint16_t *smask, int32_t *agg, amg_aggregate_stats *st);
amg_status amg_nullspace_coarsen(fmt_location loc, const int32_t *agg, const int32_t *w, int32_t n, int32_t count,
                                 int32_t *wc, double *tval);
amg_status amg_tentative(fmt_location loc, const int32_t *agg, const double *tval, int32_t n, int32_t count,
                         fmt_tile **t);
amg_status amg_smooth_prolongator(fmt_tile *s, const double *d, const int32_t *agg, const double *tval,
                                  double scale);
amg_status amg_transpose(const fmt_tile *a, fmt_tile **at);
/* C = A*B: the chosen backend on the device, the tile reference on the host.
 * bt: B^T if the caller has it, else NULL; the tile product on the device
 * then reads B's column order from it instead of sorting. symmetric: C is
 * known to be symmetric; the tile product then computes the tiles on and
 * above the diagonal and mirrors them (spgemm.h), while the cusparse
 * backend computes all of C. */
amg_status amg_multiply(const fmt_tile *a, const fmt_tile *b, const fmt_tile *bt, spgemm_backend be,
                        int symmetric, fmt_tile **c);
/* Intermediate products (multiply-adds) of A*B. */
amg_status amg_tile_products(const fmt_tile *a, const fmt_tile *b, int64_t *count);
amg_status amg_spmv(const fmt_tile *a, const double *x, double *y);
amg_status amg_residual(const fmt_tile *a, const double *b, const double *x, double *r);
amg_status amg_jacobi(const fmt_tile *a, const double *dinv, double omega, const double *b,
                      const double *x_in, double *x_out);
amg_status amg_axpy(fmt_location loc, int32_t n, double alpha, const double *x, double *y);
amg_status amg_fill(fmt_location loc, int32_t n, double value, double *x);
amg_status amg_power_step(fmt_location loc, int32_t n, const double *d, const double *dinv, const double *x,
                          double *y, double *stats, double *work);
/* The power iteration's start: x[i] = (0.5 + amg_priority(i) / 2^31) * f_i,
 * fixed, positive, with no structure. f_i = min(1, sqrt(AMG_START_OUTLIER *
 * h / d[i])), h = n / sum_dinv[0] the harmonic mean of the diagonal (read
 * where the vectors live; f = 1 where h is 0 or not finite): rows whose
 * diagonal exceeds AMG_START_OUTLIER h get about the x'Dx weight of a
 * typical row, and the others, all rows of the Poisson problems' levels,
 * are not scaled. With x[i] of order 1 a row of huge diagonal (a penalised
 * Dirichlet row, a pinned node: d = 1e12 on a 2D Laplacian) held nearly all
 * of x'Dx, so ten steps returned rho ~ 1, its own eigenvalue, for the
 * Laplacian's ~2, and the smoother diverged. The harmonic mean, unlike the
 * mean, is not pulled up by those rows. */
#define AMG_START_OUTLIER 16.0
amg_status amg_fill_start_vector(fmt_location loc, int32_t n, const double *d, const double *sum_dinv, double *x);
amg_status amg_fill_start_vector_device(int32_t n, const double *d, const double *sum_dinv, double *x);
/* The scale f_i above, the same on both backends. */
static inline AMG_HD double amg_start_scale(int32_t n, double d, double sum_dinv) {
  double ref = AMG_START_OUTLIER * (double)n / sum_dinv;
  return ref > 0.0 && ref <= DBL_MAX && d > ref ? sqrt(ref / d) : 1.0;
}
/* The first Jacobi sweep from x = 0: x = omega * dinv .* b. */
amg_status amg_jacobi_first(fmt_location loc, int32_t n, const double *dinv, double omega, const double *b,
                            double *x);
amg_status amg_jacobi_first_device(int32_t n, const double *dinv, double omega, const double *b, double *x);
/* y = x, asynchronous on the device. */
amg_status amg_copy(fmt_location loc, int32_t n, const double *x, double *y);
/* dinv[i] = 1 / d[i] */
amg_status amg_invert(fmt_location loc, int32_t n, const double *d, double *dinv);
amg_status amg_invert_device(int32_t n, const double *d, double *dinv);
amg_status amg_coarse_create(const fmt_tile *a, amg_coarse_solver **out);

#ifdef __cplusplus
}
#endif
#endif
