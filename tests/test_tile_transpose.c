/* Host tile transpose against the CSR transpose, and A^T^T = A bitwise. */
#include "test_util.h"

int main(void) {
  const char *name;
  fmt_csr *a;
  for (int i = 0; (a = test_matrix(i, &name)) != NULL; i++) {
    fmt_tile *t = NULL, *tt = NULL, *ttt = NULL;
    fmt_csr *at = NULL, *back = NULL;
    CHECK_OK(fmt_tile_from_csr(a, &t));
    CHECK_OK(fmt_tile_transpose(t, &tt));
    CHECK_OK(fmt_tile_validate(tt));
    CHECK_OK(fmt_csr_transpose(a, &at));
    CHECK_OK(fmt_tile_to_csr(tt, &back));
    if (back && at)
      CHECK(test_csr_equal(back, at, 0.0, 0.0, name), "%s: tile transpose differs", name);
    CHECK_OK(fmt_tile_transpose(tt, &ttt));
    if (ttt)
      CHECK(test_tile_identical(ttt, t), "%s: transpose twice is not the identity", name);
    fmt_tile_destroy(t);
    fmt_tile_destroy(tt);
    fmt_tile_destroy(ttt);
    fmt_csr_destroy(at);
    fmt_csr_destroy(back);
    fmt_csr_destroy(a);
  }
  return test_finish("test_tile_transpose");
}
