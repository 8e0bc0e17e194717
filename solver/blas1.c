/* Vector kernels on the host: dot, axpy, scale, vmul, fill (the CPU
 * reference of blas1.cu). Plain loops; the dot product is summed in index
 * order. A length of 0 is valid and touches nothing. */
#include "amg_ops.h"

amg_status amg_vector_check(const char *what, int32_t n, const void *p, const void *q) {
  if (n < 0)
    return amg_error(AMG_ERR_ARG, "%s: negative length %d", what, n);
  if (n > 0 && (!p || !q))
    return amg_error(AMG_ERR_ARG, "%s: NULL vector of length %d", what, n);
  return AMG_OK;
}

amg_status amg_dot_host(int32_t n, const double *x, const double *y, double *result) {
  amg_status s = amg_vector_check("dot", n, x, y);
  if (s == AMG_OK && !result)
    s = amg_error(AMG_ERR_ARG, "dot: NULL result");
  if (s != AMG_OK)
    return s;
  double sum = 0.0;
  for (int32_t i = 0; i < n; i++)
    sum += x[i] * y[i];
  *result = sum;
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

amg_status amg_scale_host(int32_t n, double alpha, double *x) {
  amg_status s = amg_vector_check("scale", n, x, x);
  if (s != AMG_OK)
    return s;
  for (int32_t i = 0; i < n; i++)
    x[i] = alpha * x[i];
  return AMG_OK;
}

amg_status amg_vmul_host(int32_t n, const double *sv, double *y) {
  amg_status s = amg_vector_check("vmul", n, sv, y);
  if (s != AMG_OK)
    return s;
  for (int32_t i = 0; i < n; i++)
    y[i] = sv[i] * y[i];
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
