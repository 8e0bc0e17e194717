/* Poisson generators against properties derived by hand: nnz formulas,
 * symmetry, diagonal values, row sums at corners and inside, bad arguments. */
#include "test_util.h"

static double row_sum(const fmt_csr *a, int32_t i) {
  double s = 0;
  for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
    s += a->val[k];
  return s;
}

static double entry(const fmt_csr *a, int32_t i, int32_t j) {
  for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++)
    if (a->col[k] == j)
      return a->val[k];
  return 0.0;
}

static void check_stencil(int stencil, int32_t n, int64_t expect_nnz, double corner_sum,
                          int32_t interior) {
  fmt_csr *a = NULL, *at = NULL;
  CHECK_OK(fmt_poisson(stencil, n, &a));
  if (!a)
    return;
  CHECK_OK(fmt_csr_validate(a));
  CHECK(a->nnz == expect_nnz, "stencil %d n=%d: nnz %lld, expected %lld", stencil, n,
        (long long)a->nnz, (long long)expect_nnz);
  CHECK_OK(fmt_csr_transpose(a, &at));
  if (at)
    CHECK(test_csr_equal(a, at, 0.0, 0.0, "poisson symmetry"), "stencil %d not symmetric", stencil);
  for (int32_t i = 0; i < a->m; i++)
    CHECK(entry(a, i, i) == stencil - 1, "stencil %d: diagonal of row %d is %g", stencil, i,
          entry(a, i, i));
  CHECK(row_sum(a, 0) == corner_sum, "stencil %d: corner row sum %g, expected %g", stencil,
        row_sum(a, 0), corner_sum);
  CHECK(row_sum(a, interior) == 0.0, "stencil %d: interior row %d sums to %g", stencil, interior,
        row_sum(a, interior));
  CHECK(a->row_ptr[interior + 1] - a->row_ptr[interior] == stencil,
        "stencil %d: interior row has %lld entries", stencil,
        (long long)(a->row_ptr[interior + 1] - a->row_ptr[interior]));
  fmt_csr_destroy(a);
  fmt_csr_destroy(at);
}

int main(void) {
  int32_t n = 9;
  int32_t mid2 = 4 + 9 * 4, mid3 = 4 + 9 * 4 + 81 * 4;
  /* nnz: 5n^2-4n; (3n-2)^2; 7n^3-6n^2; (3n-2)^3. Corner sums: diag - neighbours. */
  check_stencil(5, n, 5 * 81 - 4 * 9, 4 - 2, mid2);
  check_stencil(9, n, 25 * 25, 8 - 3, mid2);
  check_stencil(7, n, 7 * 729 - 6 * 81, 6 - 3, mid3);
  check_stencil(27, n, 25 * 25 * 25, 26 - 7, mid3);
  fmt_csr *a = NULL;
  CHECK_ERROR(fmt_poisson(6, 10, &a), AMG_ERR_ARG, "stencil 6");
  CHECK_ERROR(fmt_poisson(5, 0, &a), AMG_ERR_ARG, "n = 0");
  CHECK_ERROR(fmt_poisson(27, 2000, &a), AMG_ERR_ARG, "out of range 1..1290");
  /* n^3 wraps to 0 and to INT64_MIN in int64 for these; n^2 is 2^31 + 81 for 46341. */
  CHECK_ERROR(fmt_poisson(7, 4194304, &a), AMG_ERR_ARG, "out of range");
  CHECK_ERROR(fmt_poisson(7, 2097152, &a), AMG_ERR_ARG, "out of range");
  CHECK_ERROR(fmt_poisson(7, 1291, &a), AMG_ERR_ARG, "out of range");
  CHECK_ERROR(fmt_poisson(5, 46341, &a), AMG_ERR_ARG, "out of range");
  CHECK_ERROR(fmt_poisson(9, -5, &a), AMG_ERR_ARG, "out of range");
  CHECK(fmt_poisson_max_n(2) * fmt_poisson_max_n(2) <= INT32_MAX &&
            (int64_t)(fmt_poisson_max_n(2) + 1) * (fmt_poisson_max_n(2) + 1) > INT32_MAX,
        "largest 2D side");
  CHECK((int64_t)fmt_poisson_max_n(3) * fmt_poisson_max_n(3) * fmt_poisson_max_n(3) <= INT32_MAX &&
            (int64_t)(fmt_poisson_max_n(3) + 1) * (fmt_poisson_max_n(3) + 1) * (fmt_poisson_max_n(3) + 1) >
                INT32_MAX,
        "largest 3D side");
  CHECK(a == NULL, "no output on error");
  return test_finish("test_poisson");
}
