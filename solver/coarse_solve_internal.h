/* The coarse solver's layout, shared by coarse_solve.c and coarse_solve.cu,
 * and the device half called from coarse_solve.c. */
#ifndef AMG_COARSE_SOLVE_INTERNAL_H
#define AMG_COARSE_SOLVE_INTERNAL_H

#include "amg_ops.h"

#ifdef __cplusplus
extern "C" {
#endif

struct amg_coarse_solver {
  fmt_location loc; /* where a lived; apply's vectors live there too */
  int32_t n;
  double *factor;   /* host: L, n x n row-major, lower triangle (diagonal included) */
  double *inverse;  /* device: A^-1, n x n row-major, in device memory */
};

/* The coarse matrix is non-NULL, where loc says, square and small enough
 * for the dense solve (coarse_solve.c; both backends use it). */
amg_status amg_coarse_check_matrix(const fmt_tile *a, fmt_location loc, const char *who);

amg_status amg_coarse_apply_device(const amg_coarse_solver *cs, const double *b, double *x);
void amg_coarse_free_device(amg_coarse_solver *cs);

#ifdef __cplusplus
}
#endif
#endif
