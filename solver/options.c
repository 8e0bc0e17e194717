/* Options: documented defaults, range checks, and the Galerkin order names. */
#include <math.h>
#include <string.h>

#include "amg.h"

void amg_options_default(amg_options *o) {
  if (!o)
    return;
  memset(o, 0, sizeof *o);
  o->backend = AMG_BACKEND_AUTO;
  o->strength_theta = 0.0;
  o->strength_theta_coarse = 0.02;
  o->prolongator_omega = 4.0 / 3.0;
  o->rho_steps = 10;
  o->galerkin_order = AMG_GALERKIN_AUTO;
  o->spgemm = SPGEMM_TILE;
  o->galerkin_symmetric = 1;
  o->galerkin_symmetric_min_rows = 4096;
  o->coarse_size = 500;
  o->max_levels = 10;
  o->pre_sweeps = 1;
  o->post_sweeps = 1;
  o->jacobi_omega = 0.0;
  o->solver = AMG_SOLVER_PCG;
  o->tol = 1e-8;
  o->max_iter = 100;
  o->verbose = 0;
}

amg_status amg_options_check(const amg_options *o) {
  if (!o)
    return amg_error(AMG_ERR_ARG, "amg_options_check: NULL options");
  /* Enums as ints: an embedder may store any value in them. */
  if ((int)o->backend < AMG_BACKEND_AUTO || (int)o->backend > AMG_BACKEND_CPU)
    return amg_error(AMG_ERR_CONFIG, "backend = %d is not auto (0), gpu (1) or cpu (2)", (int)o->backend);
  if ((int)o->galerkin_order < AMG_GALERKIN_AUTO || (int)o->galerkin_order > AMG_GALERKIN_PTA_P)
    return amg_error(AMG_ERR_CONFIG, "amg.galerkin_order = %d is not auto (0), pt_ap (1) or pta_p (2)",
                     (int)o->galerkin_order);
  if ((int)o->spgemm != SPGEMM_TILE && (int)o->spgemm != SPGEMM_CUSPARSE)
    return amg_error(AMG_ERR_CONFIG, "amg.spgemm = %d is not tile (0) or cusparse (1)", (int)o->spgemm);
  if ((int)o->solver != AMG_SOLVER_PCG && (int)o->solver != AMG_SOLVER_STATIONARY)
    return amg_error(AMG_ERR_CONFIG, "solver.type = %d is not pcg (0) or stationary (1)", (int)o->solver);
  if (!(o->strength_theta >= 0.0 && o->strength_theta < 1.0))
    return amg_error(AMG_ERR_CONFIG, "amg.strength_theta = %g must be in [0, 1)", o->strength_theta);
  if (!(o->strength_theta_coarse >= 0.0 && o->strength_theta_coarse < 1.0))
    return amg_error(AMG_ERR_CONFIG, "amg.strength_theta_coarse = %g must be in [0, 1)",
                     o->strength_theta_coarse);
  if (!(o->prolongator_omega > 0.0 && o->prolongator_omega < 2.0))
    return amg_error(AMG_ERR_CONFIG, "amg.prolongator_omega = %g must be in (0, 2)", o->prolongator_omega);
  if (o->rho_steps < AMG_RHO_STEPS_MIN || o->rho_steps > 1000)
    return amg_error(AMG_ERR_CONFIG,
                     "amg.rho_steps = %d must be in %d..1000 (fewer power steps underestimate rho(D^-1 A) by a "
                     "third or more, and the smoother weight 4/(3 rho) then diverges)",
                     o->rho_steps, AMG_RHO_STEPS_MIN);
  if (o->galerkin_symmetric_min_rows < 0)
    return amg_error(AMG_ERR_CONFIG, "amg.galerkin_symmetric_min_rows = %d must be at least 0",
                     o->galerkin_symmetric_min_rows);
  if (o->coarse_size < 1 || o->coarse_size > AMG_COARSE_DENSE_MAX)
    return amg_error(AMG_ERR_CONFIG, "amg.coarse_size = %d must be in 1..%d", o->coarse_size,
                     AMG_COARSE_DENSE_MAX);
  if (o->max_levels < 1 || o->max_levels > AMG_MAX_LEVELS)
    return amg_error(AMG_ERR_CONFIG, "amg.max_levels = %d must be in 1..%d", o->max_levels, AMG_MAX_LEVELS);
  if (o->pre_sweeps < 0 || o->pre_sweeps > 100 || o->post_sweeps < 0 || o->post_sweeps > 100)
    return amg_error(AMG_ERR_CONFIG, "cycle sweeps (%d, %d) must be in 0..100", o->pre_sweeps,
                     o->post_sweeps);
  if (o->solver == AMG_SOLVER_PCG && o->pre_sweeps == 0 && o->post_sweeps == 0)
    return amg_error(AMG_ERR_CONFIG, "cycle.pre_sweeps = cycle.post_sweeps = 0 with solver.type = pcg: without "
                                     "smoothing the V-cycle is a singular preconditioner; take at least 1");
  if (o->solver == AMG_SOLVER_STATIONARY && o->pre_sweeps == 0 && o->post_sweeps == 0 && o->max_levels > 1)
    return amg_error(AMG_ERR_CONFIG, "cycle.pre_sweeps = cycle.post_sweeps = 0 with solver.type = stationary: "
                                     "without smoothing the V-cycle corrects only the coarse part of the error and "
                                     "never converges; take at least 1 (or amg.max_levels = 1, a direct solve)");
  if (o->solver == AMG_SOLVER_PCG && o->pre_sweeps != o->post_sweeps)
    return amg_error(AMG_ERR_CONFIG,
                     "cycle.pre_sweeps = %d and cycle.post_sweeps = %d must be equal with solver.type = pcg: "
                     "CG needs a symmetric preconditioner",
                     o->pre_sweeps, o->post_sweeps);
  if (!(o->jacobi_omega >= 0.0 && o->jacobi_omega < 2.0))
    return amg_error(AMG_ERR_CONFIG, "cycle.jacobi_omega = %g must be 0 (automatic) or in (0, 2)",
                     o->jacobi_omega);
  if (!(o->tol > 0.0 && o->tol < 1.0))
    return amg_error(AMG_ERR_CONFIG, "solver.tol = %g must be in (0, 1)", o->tol);
  if (o->spgemm == SPGEMM_CUSPARSE && o->backend == AMG_BACKEND_CPU)
    return amg_error(AMG_ERR_CONFIG, "amg.spgemm = cusparse needs the GPU, and the backend is cpu");
  if (o->max_iter < 1 || o->max_iter > AMG_MAX_ITER)
    return amg_error(AMG_ERR_CONFIG, "solver.max_iter = %d must be in 1..%d", o->max_iter, AMG_MAX_ITER);
  return AMG_OK;
}

const char *amg_galerkin_order_name(amg_galerkin_order o) {
  switch (o) {
  case AMG_GALERKIN_PT_AP: return "pt_ap";
  case AMG_GALERKIN_PTA_P: return "pta_p";
  default: return "auto";
  }
}

amg_status amg_galerkin_order_parse(const char *name, amg_galerkin_order *out) {
  if (!name || !out)
    return amg_error(AMG_ERR_ARG, "amg_galerkin_order_parse: NULL argument");
  static const amg_galerkin_order all[] = {AMG_GALERKIN_AUTO, AMG_GALERKIN_PT_AP, AMG_GALERKIN_PTA_P};
  for (int k = 0; k < 3; k++)
    if (!strcmp(name, amg_galerkin_order_name(all[k]))) {
      *out = all[k];
      return AMG_OK;
    }
  return amg_error(AMG_ERR_CONFIG, "unknown Galerkin order \"%s\" (expected \"auto\", \"pt_ap\" or \"pta_p\")",
                   name);
}
