/* The hierarchy object (internal to solver/): per level, the operator,
 * prolongator and restriction in tile format, the inverse diagonal and rho
 * for the smoother, the aggregates and the near-null vector's weights; plus
 * the coarse solver and the report. All arrays live at `loc` (the backend's side). */
#ifndef AMG_HIERARCHY_H
#define AMG_HIERARCHY_H

#include "amg.h"

typedef struct amg_level {
  fmt_tile *a;    /* operator A_l */
  fmt_tile *p;    /* prolongator, rows(A_l) x rows(A_l+1); NULL on the coarsest level */
  fmt_tile *r;    /* restriction P^T */
  double *dinv;   /* 1 / diag(A_l) */
  double rho;     /* rho(D^-1 A_l) estimate */
  int32_t *agg;   /* aggregate of each node, -1 isolated */
  int32_t *w;     /* near-null vector B_l = sqrt(w) (NULL on level 0: all ones) */
  int uncoupled;  /* every off-diagonal value is 0 (only stored zeros): no aggregate formed with theta = 0,
                     or amg_coupled found none on a level made the coarsest by its size */
  double *x, *rhs;                   /* V-cycle vectors of this level's size, levels >= 1 */
  double *resid, *scratch;           /* the same, all but the coarsest level */
} amg_level;

/* Solve workspace, allocated with the hierarchy (the loop never allocates). */
typedef struct amg_workspace {
  double *b, *x, *r, *z, *p, *q; /* level-0 vectors */
  double *s;                     /* AMG_PCG_SCALARS scalars, where the vectors live */
  double *s_host;                /* their host mirror (page-locked for the GPU) */
  double *partials;              /* AMG_PCG_PARTIALS block sums */
  fmt_graph *iteration;          /* captured PCG iteration (GPU), built at the first solve */
  int graph_failed;
} amg_workspace;

struct amg_hierarchy {
  amg_options opt;
  fmt_location loc;
  int levels;
  amg_level level[AMG_MAX_LEVELS];
  amg_coarse_solver *coarse;
  amg_setup_report report;
  amg_workspace ws;
  int symmetry_known; /* level 0's A was compared with its transpose */
  int asymmetric;     /* and differs */
  int asymmetry_located;
  char asymmetry[160]; /* once located: where A differs from A^T in value (locate_asymmetry) */
};

/* fmt_device_probe, a failure of which (a driver that fails, kernels built
 * for another GPU) is AMG_ERR_NO_DEVICE, "the GPU cannot be used: why". */
amg_status amg_probe_gpu(int *gpus);

/* Re-raises status s with its message and, where s is a failure that an SPD
 * matrix would not have (singular, breakdown, diverged, not converged, bad
 * diagonal) and level 0's A is not symmetric in value, a note that says so
 * and names the first entry that differs (AMG_ASYMMETRY_NOTE); A is
 * compared with its transpose here if the setup did not (galerkin_symmetric
 * off, or the cuSPARSE product). A whose pattern differs from A^T's only by
 * stored zeros gets no note. */
amg_status amg_note_asymmetry(amg_hierarchy *h, amg_status s);

/* Captures the PCG iteration as a CUDA graph (GPU; a failed capture only
 * means plain launches later). */
amg_status amg_solve_prepare(amg_hierarchy *h);

/* Allocates the V-cycle and solve vectors for all levels. */
amg_status amg_workspace_create(amg_hierarchy *h);
void amg_workspace_destroy(amg_hierarchy *h);

/* Milliseconds on a monotonic clock. */
double amg_now_ms(void);

/* rho(D^-1 A) by `steps` power-iteration steps from a fixed start vector;
 * the estimate is the Rayleigh quotient x'Ax / x'Dx of the last iterate.
 * d is A's diagonal and dinv its inverse. */
amg_status amg_spectral_radius(const fmt_tile *a, const double *d, const double *dinv, int steps,
                               double *rho);

/* A_c = P^T A P in the given order (AUTO: P^T(AP) when a_symmetric, as
 * amg_galerkin_choose would pick, without its counts; else as it picks)
 * with the given SpGEMM backend; a_exact: A equals A^T bitwise (not only
 * up to rounding), so P^T*A may take A as its B^T; symmetric_product: A
 * is symmetric, so A_c is too (amg_multiply). *mid gets the
 * intermediate product (AP or P^T A; the caller destroys it). Fills the
 * report's galerkin fields but the time and galerkin_products, which holds
 * the first product's count when AUTO made it, else -1. */
amg_status amg_galerkin(const fmt_tile *a, const fmt_tile *p, const fmt_tile *r, amg_galerkin_order order,
                        spgemm_backend be, int a_symmetric, int a_exact, int symmetric_product, fmt_tile **ac,
                        fmt_tile **mid, amg_level_report *rep);
/* Completes rep->galerkin_products (both products of rep->galerkin_order)
 * after amg_galerkin; only the report needs it, so the setup times it
 * apart from the product (ms_count). */
amg_status amg_galerkin_count(const fmt_tile *a, const fmt_tile *p, const fmt_tile *r, const fmt_tile *mid,
                              amg_level_report *rep);

#endif
