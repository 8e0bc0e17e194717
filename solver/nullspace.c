/* Near-null-space coarsening on the host (the CPU reference of nullspace.cu).
 * Level l's near-null vector B_l (B_0 = 1, passed as b == NULL) is split over
 * the aggregates, as in PyAMG's fit_candidates for one candidate:
 *   bc[j]   = sqrt(sum of b_i^2 over the nodes i of aggregate j, in
 *             increasing i)  -- this is B_{l+1};
 *   tval[i] = b_i / bc[agg[i]] -- T's entry in row i (0 where agg[i] < 0),
 * so T bc = b on the aggregated nodes and T's columns have unit 2-norm.
 * Passing B_{l+1} on keeps the coarse spaces exact for the fine constant
 * vector at every level (with 1 on every level they are not once aggregate
 * sizes differ). */
#include <math.h>

#include "amg_ops.h"

amg_status amg_nullspace_coarsen_host(const int32_t *agg, const double *b, int32_t n, int32_t count, double *bc,
                                      double *tval) {
  for (int32_t j = 0; j < count; j++)
    bc[j] = 0;
  for (int32_t i = 0; i < n; i++)
    if (agg[i] >= 0) {
      if (agg[i] >= count)
        return amg_error(AMG_ERR_ARG, "near-null space: node %d in aggregate %d of %d", i, agg[i], count);
      double bi = b ? b[i] : 1.0;
      bc[agg[i]] += bi * bi;
    }
  for (int32_t j = 0; j < count; j++) {
    if (!(bc[j] > 0))
      return amg_error(AMG_ERR_ARG, "near-null space: aggregate %d is empty or its vector is zero", j);
    bc[j] = sqrt(bc[j]);
  }
  for (int32_t i = 0; i < n; i++)
    tval[i] = agg[i] >= 0 ? (b ? b[i] : 1.0) / bc[agg[i]] : 0.0;
  return AMG_OK;
}
