/* amg_solve's repeated runs: --compare-orders (the hierarchy with both
 * Galerkin orders, and with cuSPARSE, compared per level) and --repeat
 * (setup and solve timed over more runs: median, min and max). */
#ifndef APPS_SOLVE_REPEATS_H
#define APPS_SOLVE_REPEATS_H

#include "amg.h"
#include "app_config.h"

/* amg_solve from zero, or amg_solve_from x0 where x0 is not NULL. */
amg_status solve_from(amg_hierarchy *h, const double *b, const double *x0, double *x, int32_t m,
                      amg_solve_report *rep);
/* --compare-orders [cusparse] with --repeat's count (0 for none); the exit code. */
int solve_compare_orders(const app_config *cfg, const fmt_csr *a, int with_cusparse, int repeat);
/* --repeat: n more setups and solves of the system after the reported run,
 * which took `iterations`; the exit code. */
int solve_time_repeats(const app_config *cfg, const fmt_csr *a, const double *b, const double *x0, double *x,
                       int n, int iterations);

#endif
