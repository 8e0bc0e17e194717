/* Smoothed-aggregation algebraic multigrid on the GPU (or the CPU): the
 * library's public API. Prefix: amg_.
 *
 * Embed it as one embeds AmgX: fill an amg_options (amg_options_default
 * gives the documented defaults), build a hierarchy from a host CSR matrix
 * with amg_setup, then solve. Every level's operator is kept in the 16x16
 * tile format, and each coarse operator is the Galerkin product P^T A P
 * computed by the chosen SpGEMM backend. */
#ifndef AMG_H
#define AMG_H

#include <stddef.h>
#include <stdint.h>

#include "amg_ops.h"
#include "formats.h"
#include "spgemm.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AMG_MAX_LEVELS 25
#define AMG_MAX_ITER 1000000 /* the residual history holds max_iter + 1 doubles */
/* Power steps for rho(D^-1 A) at the least: from 2 steps the estimate was 0.61 of rho on the 3D
 * 7-point Poisson problem, under the 2/3 that the smoother weight 4/(3 rho) needs; 5 gave 0.83. */
#define AMG_RHO_STEPS_MIN 5

typedef enum amg_backend { AMG_BACKEND_AUTO = 0, AMG_BACKEND_GPU, AMG_BACKEND_CPU } amg_backend;
typedef enum amg_galerkin_order {
  AMG_GALERKIN_AUTO = 0, /* see amg_galerkin_choose */
  AMG_GALERKIN_PT_AP,    /* P^T (A P) */
  AMG_GALERKIN_PTA_P     /* (P^T A) P */
} amg_galerkin_order;
typedef enum amg_solver_kind { AMG_SOLVER_PCG = 0, AMG_SOLVER_STATIONARY } amg_solver_kind;

typedef struct amg_options {
  amg_backend backend;               /* AUTO: the GPU when one is present, else the CPU */
  /* setup */
  double strength_theta;             /* 0.0: j strong for i when |a_ij| >= theta sqrt(|a_ii a_jj|), level 0 */
  double strength_theta_coarse;      /* 0.02: the same test on levels 1 and below */
  double prolongator_omega;          /* 4/3: P = (I - omega/rho D^-1 A_F) T */
  int rho_steps;                     /* 10 power-iteration steps for rho(D^-1 A), AMG_RHO_STEPS_MIN..1000 */
  amg_galerkin_order galerkin_order; /* AUTO */
  spgemm_backend spgemm;             /* SPGEMM_TILE (or SPGEMM_CUSPARSE) */
  int galerkin_symmetric;            /* 1: if A equals its transpose (checked on level 0), the second
                                        Galerkin product computes its tiles on and above the diagonal
                                        and mirrors them (tile backend and CPU), on levels whose A_c
                                        has galerkin_symmetric_min_rows rows or more; 0: never */
  int32_t galerkin_symmetric_min_rows; /* 4096: below, the symmetric product's fixed cost exceeded the
                                          saving (run 73, with the mirror pass since removed); run 185
                                          found no better threshold (docs/results.md) */
  int32_t coarse_size;               /* 500: stop coarsening at or below this many rows */
  int max_levels;                    /* 10 */
  /* cycle */
  int pre_sweeps, post_sweeps;       /* 1, 1 weighted-Jacobi sweeps (with PCG equal and at least 1:
                                        CG needs a symmetric positive definite V-cycle) */
  double jacobi_omega;               /* 0: use 4/(3 rho) with rho from the setup; else used as given: the
                                        sweep converges for omega < 2/rho(D^-1 A), at most 2 (about 1 on
                                        Poisson problems) */
  /* solver */
  amg_solver_kind solver;            /* PCG (the V-cycle preconditions CG) */
  double tol;                        /* 1e-8 on ||r|| / ||b|| */
  int max_iter;                      /* 100 (at most AMG_MAX_ITER) */
  int verbose;                       /* 0 (quiet); 1: progress per level and iteration on stderr */
} amg_options;

void amg_options_default(amg_options *o);
/* Checks ranges; AMG_ERR_CONFIG names the offending option. */
amg_status amg_options_check(const amg_options *o);

const char *amg_galerkin_order_name(amg_galerkin_order o);
amg_status amg_galerkin_order_parse(const char *name, amg_galerkin_order *out); /* "auto", "pt_ap", "pta_p" */

/* Prepares the GPU once per process: library stream and memory pool, the
 * cuSPARSE and cuSOLVER handles, every kernel of the library loaded (CUDA
 * would load each at its first launch), and small setups, solves and dense
 * coarse factorisations that make the first calls of each stage, all
 * together 0.15-0.4 s, like AmgX's initialisation. Without it the first
 * setup of a process pays these costs; calling it first keeps them out of
 * the setup's timing. Later calls do nothing. *ms (may be NULL) receives
 * the time taken. AMG_ERR_NO_DEVICE without a GPU. */
amg_status amg_device_init(double *ms);
/* The GPU backend allocates from a memory pool of its own (never CUDA's
 * default pool) that keeps freed device memory for the next setup, so a
 * setup's many arrays cost microseconds each. amg_device_trim waits for the
 * library's GPU work and gives the memory not in use back to the device, for
 * an application that needs it after amg_hierarchy_destroy; the next setup
 * then allocates from the device again (about 1 ms more). AMG_OK also where
 * there is nothing to give back (no GPU used yet, or a build without CUDA). */
amg_status amg_device_trim(void);

/* ---- setup ---- */

typedef struct amg_level_report {
  int32_t rows;
  int64_t nnz, tiles;
  double nnz_per_tile;
  amg_aggregate_stats agg;  /* aggregates of this level = rows of the next */
  double rho;               /* rho(D^-1 A) estimate */
  /* milliseconds per stage */
  double ms_strength, ms_aggregation, ms_rho, ms_prolongator, ms_transpose, ms_galerkin;
  double ms_count;                   /* counting galerkin_products for the report: in setup_ms, not in
                                        ms_galerkin */
  amg_galerkin_order galerkin_order; /* the order used (never AUTO) */
  int galerkin_symmetric;            /* the second product was computed as symmetric */
  int64_t galerkin_products;         /* intermediate products of both SpGEMMs */
  double galerkin_gflops;
  int64_t intermediate_nnz;          /* nnz of AP or P^T A */
  int64_t p_nnz, p_tiles;
  size_t peak_device_bytes;          /* the device pool's peak while this level was built, the finer
                                        levels' matrices included (GPU; 0 on the CPU) */
} amg_level_report;

typedef struct amg_setup_report {
  int levels;
  int on_gpu;
  amg_level_report level[AMG_MAX_LEVELS];
  double grid_complexity, operator_complexity;
  double ms_convert;       /* input CSR -> tile (on the device for the GPU backend) */
  int symmetric;           /* level 0's A equals its transpose (checked when galerkin_symmetric, unless
                              the cusparse backend computes the products) */
  double ms_symmetry;      /* that check */
  double ms_coarse;        /* dense factorisation of the coarsest level */
  int coarse_diagonal;     /* the coarsest level is diagonal (isolated rows only, as a diagonal or
                              block-diagonal A leaves; stored zeros off the diagonal count as none):
                              solved by x = D^-1 b, with no factorisation and no size limit */
  double ms_solve_prepare; /* solve vectors and the captured PCG iteration (GPU) */
  double setup_ms;         /* all of the above stages, end to end */
  size_t peak_device_bytes; /* the device pool's peak over the whole setup (GPU; 0 on the CPU) */
} amg_setup_report;

typedef struct amg_hierarchy amg_hierarchy;

/* Builds the hierarchy for the square host CSR matrix a (copied; a may be
 * freed after); opt NULL takes the defaults. *out is overwritten, not read:
 * destroy an earlier hierarchy first. Errors: AMG_ERR_NOT_SQUARE, AMG_ERR_NONFINITE,
 * AMG_ERR_BAD_DIAGONAL (zero or negative diagonal, naming the row),
 * AMG_ERR_SINGULAR (coarsest level not SPD), AMG_ERR_DEVICE_NOMEM, ... */
amg_status amg_setup(const fmt_csr *a, const amg_options *opt, amg_hierarchy **out);
void amg_hierarchy_destroy(amg_hierarchy *h);

const amg_setup_report *amg_hierarchy_report(const amg_hierarchy *h);
/* Level l's operator, prolongator and restriction (NULL past the coarsest);
 * they live on the backend's side (device for the GPU backend). */
const fmt_tile *amg_level_operator(const amg_hierarchy *h, int l);
const fmt_tile *amg_level_prolongator(const amg_hierarchy *h, int l);
const fmt_tile *amg_level_restriction(const amg_hierarchy *h, int l);
/* Level l's aggregate of each node (-1 isolated), where the level lives. */
const int32_t *amg_level_aggregates(const amg_hierarchy *h, int l);

/* ---- solve ---- */

typedef struct amg_solve_report {
  int iterations;           /* PCG iterations or V-cycles */
  int converged;            /* relative_residual <= tol */
  double relative_residual; /* ||b - A x|| / ||b||, recomputed from x at the end; NaN where not
                               computed for the x returned (bad b, no memory, x out of range) */
  double *history;          /* ||r_k|| / ||b|| for k = 0 .. iterations (the method's own residual) */
  int history_len;
  double solve_ms;          /* the iterations and the final residual; not the uploads of b and
                               of a guess x0, nor x's download */
  double ms_per_iteration;
  int used_graph;           /* the device iteration ran as a replayed CUDA graph */
} amg_solve_report;

/* Solves A x = b from x = 0 with the hierarchy's options: PCG with one
 * V-cycle as preconditioner, or V-cycles as a stationary method; stops when
 * ||r|| / ||b|| <= tol or after max_iter. Convergence is confirmed on the
 * true residual b - A x: where PCG's own residual met tol and the true one
 * did not, PCG restarts from x (at most twice). b and x are host vectors of
 * the matrix's size (the library cannot check their length). The report is
 * filled whatever the outcome, and x holds the last iterate once the
 * iterations have begun; call amg_solve_report_free after every call
 * (amg_solve overwrites *rep without freeing it). Returns AMG_OK when
 * converged, else AMG_ERR_NOT_CONVERGED, AMG_ERR_BREAKDOWN (p'Ap <= 0: A not
 * SPD; r'Mr <= 0: preconditioner not SPD), AMG_ERR_DIVERGED (||r|| past 1e6
 * ||b|| for V-cycles; past 1e10 ||b|| for PCG, which an SPD A allows only
 * for cond(A) > 1e20; times the starting residual where a guess makes that
 * larger than ||b||) or AMG_ERR_NONFINITE (a NaN or Inf in b, naming the
 * entry, or during the iterations), with a message naming the iteration;
 * and AMG_ERR_ARG for NULL arguments, AMG_ERR_NOMEM, or a device error. A
 * solve that fails reports converged = 0.
 *
 * Where such a failure (of the setup, too) is one an SPD matrix would not
 * have and A differs from its transpose in value, the message ends in a note
 * (AMG_ASYMMETRY_NOTE ...) naming the first entry A(i, j) that differs,
 * 0-based and "(1-based i+1, j+1)".
 *
 * A hierarchy holds the solve's work vectors, and the GPU backend has one
 * stream and memory pool per process: call the library from one thread at
 * a time. */
amg_status amg_solve(amg_hierarchy *h, const double *b, double *x, amg_solve_report *rep);
#define AMG_ASYMMETRY_NOTE "(note: A is not symmetric"

/* amg_solve from the initial guess in x (host, the matrix's size; every
 * entry finite, else AMG_ERR_NONFINITE naming it) instead of 0, as for a
 * time step that starts from the last one's solution. history[0] is
 * ||b - A x0|| / ||b||; a guess that already meets tol comes back unchanged
 * after 0 iterations, converged. A guess of zeros gives amg_solve's x bit
 * for bit. */
amg_status amg_solve_from(amg_hierarchy *h, const double *b, double *x, amg_solve_report *rep);
void amg_solve_report_free(amg_solve_report *rep);

/* z = M r: one V-cycle from a zero initial guess (vectors where the hierarchy
 * lives; r and z must not be the same array). */
amg_status amg_vcycle(amg_hierarchy *h, const double *r, double *z);

/* The order AUTO picks for A, P, R = P^T: the one whose first product has
 * fewer intermediate products (A*P against P^T*A); a tie, which is always
 * the case for a structurally symmetric A, goes to P^T(AP), the faster
 * order in spgemm_bench on all four Poisson problems. */
amg_status amg_galerkin_choose(const fmt_tile *a, const fmt_tile *p, const fmt_tile *r,
                               amg_galerkin_order *order);

#ifdef __cplusplus
}
#endif
#endif
