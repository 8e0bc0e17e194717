/* Matrix Market writer: coordinate real general, 1-based "i j value" lines in
 * CSR order. "%.17g" gives 17 significant digits, which identify a double
 * exactly, so fmt_mm_read gives back the same bits. The matrix is validated
 * first, so a broken matrix is reported instead of written. Every fprintf and
 * the fclose are checked: a full disk shows up as AMG_ERR_IO, and the
 * truncated file is removed (fmt_output_close). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "fmt_internal.h"

amg_status fmt_mm_write(const char *path, const fmt_csr *a) {
  if (!path || !a)
    return amg_error(AMG_ERR_ARG, "mm_write: %s is NULL", path ? "a" : "path");
  if (a->loc != FMT_HOST)
    return amg_error(AMG_ERR_ARG, "mm_write: %s: need a host matrix (download it first)", path);
  amg_status s = fmt_csr_validate(a);
  if (s != AMG_OK)
    return s;
  fmt_output out;
  if (fmt_output_open(&out, path) != 0)
    return amg_error(AMG_ERR_IO, "%s: cannot open for writing: %s", path, strerror(errno));
  FILE *f = out.f;
  int failed = 0, err = 0;
  if (fprintf(f, "%%%%MatrixMarket matrix coordinate real general\n%d %d %lld\n", a->m, a->n,
              (long long)a->nnz) < 0) {
    failed = 1;
    err = errno;
  }
  for (int32_t i = 0; i < a->m && !failed; i++)
    for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
      if (fprintf(f, "%d %d %.17g\n", i + 1, a->col[k] + 1, a->val[k]) < 0) {
        failed = 1;
        err = errno;
        break;
      }
  const char *note;
  if (fmt_output_close(&out, failed, &err, &note) != 0)
    return amg_error(AMG_ERR_IO, "%s: write failed: %s%s", path, err ? strerror(err) : "unknown error", note);
  return AMG_OK;
}
