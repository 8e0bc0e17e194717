/* Vector kernels on the host: axpy, fill (the CPU reference of blas1.cu).
 * Plain loops. A length of 0 is valid and touches nothing. */
#include "amg_ops.h"

amg_status amg_vector_check(const char *what, int32_t n, const void *p, const void *q) {
  if (n < 0)
    return amg_error(AMG_ERR_ARG, "%s: negative length %d", what, n);
  if (n > 0 && (!p || !q))
    return amg_error(AMG_ERR_ARG, "%s: NULL vector of length %d", what, n);
  return AMG_OK;
}

amg_status amg_axpy_host(int32_t n, double alpha, const double *x, double *y) {
  amg_status s = amg_vector_check("axpy", n, x, y);
  if (s != AMG_OK)
    return s;
  for (int32_t i = 0; i < n; i++)
    y[i] = alpha * x[i] + y[i];
  return AMG_OK;
}

amg_status amg_fill_host(int32_t n, double value, double *x) {
  amg_status s = amg_vector_check("fill", n, x, x);
  if (s != AMG_OK)
    return s;
  for (int32_t i = 0; i < n; i++)
    x[i] = value;
  return AMG_OK;
}
