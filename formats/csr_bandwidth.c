/* bandwidth(A) = max |i - j| over A's stored entries (host CSR). */
#include "formats.h"

int64_t fmt_csr_bandwidth(const fmt_csr *a) {
  int64_t b = 0;
  for (int32_t i = 0; i < a->m; i++)
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++) {
      int64_t d = (int64_t)a->col[k] - i;
      d = d < 0 ? -d : d;
      b = d > b ? d : b;
    }
  return b;
}
