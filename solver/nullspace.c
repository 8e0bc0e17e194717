/* Near-null-space coarsening on the host (the CPU reference of nullspace.cu).
 * Level l's near-null vector B_l is split over the aggregates, as PyAMG's
 * fit_candidates does for one candidate: B_{l+1}[j] = sqrt(sum of B_l[i]^2
 * over aggregate j) and T[i, agg[i]] = B_l[i] / B_{l+1}[agg[i]], so that
 * T B_{l+1} = B_l on the aggregated nodes and T's columns have unit 2-norm.
 * With B_0 = 1, B_l[i]^2 is an integer: the number of level-0 nodes that
 * node i stands for. So B_l is carried as that weight w_l (NULL: all ones),
 * w_{l+1}[j] = sum of w_l over aggregate j is exact in any order (at most
 * the level-0 row count, so it fits int32), and B_l = sqrt(w_l). Carrying
 * B_l down keeps every coarse space exact for the fine constant vector
 * (with 1 on every level, it is not once aggregate sizes differ). */
#include <math.h>

#include "amg_ops.h"

amg_status amg_nullspace_coarsen_host(const int32_t *agg, const int32_t *w, int32_t n, int32_t count, int32_t *wc,
                                      double *tval) {
  amg_status s = amg_aggregate_sizes_host(agg, n, count, w, wc);
  if (s != AMG_OK)
    return s;
  for (int32_t j = 0; j < count; j++)
    if (wc[j] <= 0)
      return amg_error(AMG_ERR_ARG, "near-null space: aggregate %d is empty", j);
  for (int32_t i = 0; i < n; i++)
    tval[i] = agg[i] >= 0 ? sqrt((double)(w ? w[i] : 1)) / sqrt((double)wc[agg[i]]) : 0.0;
  return AMG_OK;
}
