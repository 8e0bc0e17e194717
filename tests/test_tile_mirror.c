/* fmt_tile_is_symmetric and fmt_tile_mirror_upper on the host: mirroring the
 * upper tiles of a symmetric matrix gives the matrix back bitwise, whatever
 * its diagonal tiles hold below the diagonal; a changed value, an
 * unsymmetric pattern and a rectangular shape are told apart; a tile below
 * the diagonal and a rectangular matrix are refused; a diagonal tile with
 * nothing on or above the diagonal is dropped. */
#include "test_util.h"

static int symmetric(const fmt_csr *a) {
  fmt_tile *t = NULL;
  int yes = -1;
  CHECK_OK(fmt_tile_from_csr(a, &t));
  if (t)
    CHECK_OK(fmt_tile_is_symmetric(t, &yes));
  fmt_tile_destroy(t);
  return yes;
}

/* n x n (m rows) with the listed entries (row-sorted input). */
static fmt_csr *entries(int32_t m, int32_t n, int count, const int32_t *rows, const int32_t *cols) {
  fmt_csr *a = NULL;
  CHECK_OK(fmt_csr_create(m, n, count, FMT_HOST, &a));
  if (!a)
    return NULL;
  for (int32_t i = 0; i <= m; i++)
    a->row_ptr[i] = 0;
  for (int k = 0; k < count; k++) {
    a->row_ptr[rows[k] + 1]++;
    a->col[k] = cols[k];
    a->val[k] = 1.0 + k;
  }
  for (int32_t i = 0; i < m; i++)
    a->row_ptr[i + 1] += a->row_ptr[i];
  return a;
}

static void check_mirror(const fmt_csr *a, const char *name) {
  fmt_tile *t = NULL;
  CHECK_OK(fmt_tile_from_csr(a, &t));
  for (int junk = 0; junk < 2 && t; junk++) {
    fmt_csr *u = test_upper_tiles(a, junk);
    fmt_tile *tu = NULL, *c = NULL;
    CHECK_OK(fmt_tile_from_csr(u, &tu));
    if (tu)
      CHECK_OK(fmt_tile_mirror_upper(tu, &c));
    if (c) {
      CHECK_OK(fmt_tile_validate(c));
      CHECK(test_tile_identical(c, t), "%s: the mirror of the upper tiles (junk %d) is not the matrix", name,
            junk);
    }
    fmt_tile_destroy(tu);
    fmt_tile_destroy(c);
    fmt_csr_destroy(u);
  }
  fmt_tile_destroy(t);
}

int main(void) {
  const char *name;
  fmt_csr *a;
  int changed = 0; /* matrices whose changed value was checked */
  for (int i = 0; (a = test_symmetric_matrix(i, &name)) != NULL; i++) {
    CHECK(symmetric(a) == 1, "%s: not recognised as symmetric", name);
    check_mirror(a, name);
    for (int64_t k = 0; k < a->nnz; k++)
      if (a->col[k] != 0 && a->row_ptr[1] > k) { /* an off-diagonal entry of row 0 */
        a->val[k] += 1.0;
        CHECK(symmetric(a) == 0, "%s: a changed value goes unnoticed", name);
        changed++;
        break;
      }
    fmt_csr_destroy(a);
  }
  CHECK(changed >= 5, "a changed value was checked on %d matrices only", changed);
  const int32_t r1[] = {0}, c1[] = {5};
  fmt_csr *one = entries(20, 20, 1, r1, c1), *wide = entries(20, 30, 1, r1, r1);
  CHECK(one && symmetric(one) == 0, "entry (0, 5) alone: taken for symmetric");
  CHECK(wide && symmetric(wide) == 0, "a 20 x 30 matrix: taken for symmetric");
  fmt_tile *t = NULL, *c = NULL;
  CHECK_OK(wide ? fmt_tile_from_csr(wide, &t) : AMG_ERR_NOMEM);
  if (t)
    CHECK_ERROR(fmt_tile_mirror_upper(t, &c), AMG_ERR_NOT_SQUARE, "square");
  fmt_tile_destroy(t);
  t = NULL;
  const int32_t r2[] = {3, 20}, c2[] = {4, 3}; /* (20, 3): tile (1, 0) */
  fmt_csr *below = entries(40, 40, 2, r2, c2);
  CHECK_OK(below ? fmt_tile_from_csr(below, &t) : AMG_ERR_NOMEM);
  if (t)
    CHECK_ERROR(fmt_tile_mirror_upper(t, &c), AMG_ERR_ARG, "below the diagonal");
  fmt_tile_destroy(t);
  t = NULL;
  const int32_t r3[] = {0, 1}, c3[] = {17, 0}; /* (1, 0) alone in diagonal tile 0 */
  fmt_csr *lower_only = entries(20, 20, 2, r3, c3);
  CHECK_OK(lower_only ? fmt_tile_from_csr(lower_only, &t) : AMG_ERR_NOMEM);
  if (t) {
    CHECK_OK(fmt_tile_mirror_upper(t, &c));
    CHECK(c && c->num_tiles == 2 && c->nnz == 2 && c->tile_col[0] == 1 && c->tile_col[1] == 0,
          "a diagonal tile with entries only below the diagonal is not dropped");
  }
  fmt_tile_destroy(t);
  fmt_tile_destroy(c);
  fmt_csr_destroy(one);
  fmt_csr_destroy(wide);
  fmt_csr_destroy(below);
  fmt_csr_destroy(lower_only);
  return test_finish("test_tile_mirror");
}
