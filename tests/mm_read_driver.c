/* The Matrix Market readers as a program, for tests/mm_fuzz.py:
 *   mm_read_driver matrix FILE     -> "m n nnz", then "i j value" per entry (0-based, CSR order)
 *   mm_read_driver vector FILE N   -> one value per line
 * Values as "%.17g"; a refused file prints "ERR message" and exits 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats.h"

int main(int argc, char **argv) {
  if (argc < 3 || (strcmp(argv[1], "matrix") && strcmp(argv[1], "vector")) ||
      (!strcmp(argv[1], "vector") && argc < 4)) {
    fprintf(stderr, "usage: mm_read_driver matrix FILE | vector FILE N\n");
    return 2;
  }
  if (!strcmp(argv[1], "matrix")) {
    fmt_csr *a = NULL;
    if (fmt_mm_read(argv[2], &a) != AMG_OK) {
      printf("ERR %s\n", amg_error_message());
      return 1;
    }
    printf("%d %d %lld\n", a->m, a->n, (long long)a->nnz);
    for (int32_t i = 0; i < a->m; i++)
      for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
        printf("%d %d %.17g\n", i, a->col[k], a->val[k]);
    fmt_csr_destroy(a);
    return 0;
  }
  int32_t n = atoi(argv[3]);
  double *x = malloc(((size_t)n + 1) * sizeof *x);
  if (!x || fmt_mm_read_vector(argv[2], n, x) != AMG_OK) {
    printf("ERR %s\n", x ? amg_error_message() : "out of memory");
    free(x);
    return 1;
  }
  for (int32_t i = 0; i < n; i++)
    printf("%.17g\n", x[i]);
  free(x);
  return 0;
}
