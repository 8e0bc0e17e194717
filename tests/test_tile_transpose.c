/* Host tile transpose against the CSR transpose, and A^T^T = A bitwise; the
 * tile-column order read from the transpose equals the sorted one, and a
 * matrix that is not the transpose is refused. */
#include "test_util.h"

/* Moves the first tile of some tile row j of at (a transpose) one tile
 * column left, to a column where row j has no tile: at keeps its sizes,
 * tile count and sorted rows but is no longer the transpose. Returns 0 if
 * no row allows it. */
static int spoil_transpose(fmt_tile *at) {
  for (int32_t j = 0; j < at->tile_m; j++)
    if (at->tile_ptr[j] < at->tile_ptr[j + 1] && at->tile_col[at->tile_ptr[j]] > 0) {
      at->tile_col[at->tile_ptr[j]]--;
      return 1;
    }
  return 0;
}

int main(void) {
  const char *name;
  fmt_csr *a;
  int refused = 0;
  for (int i = 0; (a = test_matrix(i, &name)) != NULL; i++) {
    fmt_tile *t = NULL, *tt = NULL, *ttt = NULL;
    fmt_csr *at = NULL, *back = NULL;
    fmt_tile_columns *sorted = NULL, *read = NULL, *bad = NULL;
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
    CHECK_OK(fmt_tile_columns_create(t, &sorted));
    CHECK_OK(fmt_tile_columns_from_transpose(t, tt, &read));
    CHECK(sorted && read && test_columns_identical(read, sorted),
          "%s: the column order read from the transpose differs from the sorted one", name);
    if (t && t->m != t->n)
      CHECK_ERROR(fmt_tile_columns_from_transpose(t, t, &bad), AMG_ERR_ARG, "not the first's transpose");
    if (ttt && spoil_transpose(ttt) && tt) { /* ttt = A now serves as A^T's wrong transpose */
      CHECK_ERROR(fmt_tile_columns_from_transpose(tt, ttt, &bad), AMG_ERR_ARG, "no tile");
      refused++;
    }
    CHECK(bad == NULL, "%s: a column order was returned for a wrong transpose", name);
    fmt_tile_columns_destroy(sorted);
    fmt_tile_columns_destroy(read);
    fmt_tile_destroy(t);
    fmt_tile_destroy(tt);
    fmt_tile_destroy(ttt);
    fmt_csr_destroy(at);
    fmt_csr_destroy(back);
    fmt_csr_destroy(a);
  }
  CHECK(refused > 0, "no test matrix could be spoiled into a wrong transpose");
  return test_finish("test_tile_transpose");
}
