/* Device half of the coarse solver, called from coarse_solve.c. */
#ifndef AMG_COARSE_SOLVE_INTERNAL_H
#define AMG_COARSE_SOLVE_INTERNAL_H

#include "amg_ops.h"

#ifdef __cplusplus
extern "C" {
#endif

amg_status amg_coarse_apply_device(const amg_coarse_solver *cs, const double *b, double *x);
void amg_coarse_free_device(amg_coarse_solver *cs);

#ifdef __cplusplus
}
#endif
#endif
