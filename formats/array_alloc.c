/* Host or device array allocation with overflow checks, copies, and host sorts. */
#include <stdlib.h>
#include <string.h>

#include "fmt_internal.h"

amg_status fmt_alloc(void **p, int64_t count, size_t elem, fmt_location loc) {
  if (!p)
    return amg_error(AMG_ERR_ARG, "alloc: p is NULL");
  *p = NULL;
  if (count < 0)
    return amg_error(AMG_ERR_ARG, "negative array length %lld", (long long)count);
  if (elem == 0) /* a sizeof is never 0: a caller's mistake, and SIZE_MAX / elem below needs elem > 0 */
    return amg_error(AMG_ERR_ARG, "alloc: element size 0 (for %lld elements)", (long long)count);
  if ((uint64_t)count > SIZE_MAX / elem)
    return amg_error(AMG_ERR_OVERFLOW, "array of %lld x %zu bytes overflows size_t",
                     (long long)count, elem);
  size_t bytes = (size_t)count * elem;
  if (loc == FMT_DEVICE)
    return fmt_device_alloc(p, bytes);
  *p = malloc(bytes ? bytes : 1);
  if (!*p)
    return amg_error(AMG_ERR_NOMEM, "host allocation of %zu bytes failed", bytes);
  return AMG_OK;
}

static int cmp_int32(const void *x, const void *y) {
  int32_t a = *(const int32_t *)x, b = *(const int32_t *)y;
  return (a > b) - (a < b);
}

void fmt_sort_int32(int32_t *v, size_t n) {
  if (n > 1) /* qsort's array must not be NULL, even for n = 0 */
    qsort(v, n, sizeof *v, cmp_int32);
}

static int cmp_int64(const void *x, const void *y) {
  int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
  return (a > b) - (a < b);
}

void fmt_sort_int64(int64_t *v, size_t n) {
  if (n > 1)
    qsort(v, n, sizeof *v, cmp_int64);
}

static int cmp_double(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

void fmt_sort_double(double *v, size_t n) {
  if (n > 1)
    qsort(v, n, sizeof *v, cmp_double);
}

void fmt_free(void *p, fmt_location loc) {
  if (!p)
    return;
  if (loc == FMT_DEVICE)
    fmt_device_free(p);
  else
    free(p);
}

amg_status fmt_copy(void *dst, fmt_location dst_loc, const void *src, fmt_location src_loc, size_t bytes) {
  if (bytes == 0)
    return AMG_OK;
  if (!dst || !src)
    return amg_error(AMG_ERR_ARG, "copy: %s is NULL (%zu bytes to copy)", dst ? "src" : "dst", bytes);
  if (dst_loc == FMT_HOST && src_loc == FMT_HOST) {
    memcpy(dst, src, bytes);
    return AMG_OK;
  }
  return fmt_device_copy_any(dst, dst_loc == FMT_DEVICE, src, src_loc == FMT_DEVICE, bytes);
}
