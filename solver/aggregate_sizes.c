/* Aggregate sizes on the host (the CPU reference of aggregate_sizes.cu),
 * optionally weighted. */
#include <string.h>

#include "amg_ops.h"

amg_status amg_aggregate_sizes_host(const int32_t *agg, int32_t n, int32_t count, const int32_t *w,
                                    int32_t *size) {
  memset(size, 0, (size_t)count * sizeof *size);
  for (int32_t i = 0; i < n; i++)
    if (agg[i] >= 0) {
      if (agg[i] >= count)
        return amg_error(AMG_ERR_ARG, "aggregate sizes: node %d in aggregate %d of %d", i, agg[i], count);
      size[agg[i]] += w ? w[i] : 1;
    }
  return AMG_OK;
}
