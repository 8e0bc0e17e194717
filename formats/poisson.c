/* Dirichlet Poisson matrices on n^d grids in natural order, index
 * x + n*y + n*n*z. Neighbours outside the grid are dropped; the diagonal keeps
 * its full value (4, 8, 6 or 26), so every row is diagonally dominant and
 * boundary rows strictly so. Offsets are visited in (dz, dy, dx) order, which
 * is increasing column order, so rows come out sorted. */
#include "fmt_internal.h"

/* Is the offset (dx, dy, dz), each in {-1, 0, 1}, part of the stencil? */
static int in_stencil(int stencil, int dx, int dy, int dz) {
  int taxicab = (dx != 0) + (dy != 0) + (dz != 0);
  switch (stencil) {
  case 5: return dz == 0 && taxicab <= 1;
  case 9: return dz == 0;
  case 7: return taxicab <= 1;
  case 27: return 1;
  }
  return 0;
}

int fmt_poisson_dims(int stencil) {
  return stencil == 5 || stencil == 9 ? 2 : stencil == 7 || stencil == 27 ? 3 : 0;
}

int32_t fmt_poisson_max_n(int dims) { return dims == 3 ? 1290 : 46340; }

amg_status fmt_poisson(int stencil, int32_t n, fmt_csr **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "poisson: out is NULL");
  *out = NULL;
  int dims = fmt_poisson_dims(stencil);
  if (dims == 0)
    return amg_error(AMG_ERR_ARG, "poisson: stencil %d is not one of 5, 9, 7, 27", stencil);
  int32_t n_max = fmt_poisson_max_n(dims);
  if (n < 1 || n > n_max)
    return amg_error(AMG_ERR_ARG, "poisson: n = %d is out of range 1..%d for a %dD grid", n, n_max, dims);
  int64_t rows = (int64_t)n * n * (dims == 3 ? n : 1);
  int32_t nz = dims == 3 ? n : 1;
  int64_t max_nnz = rows * stencil;
  fmt_csr *a = NULL;
  amg_status s = fmt_csr_create((int32_t)rows, (int32_t)rows, max_nnz, FMT_HOST, &a);
  if (s != AMG_OK)
    return s;
  int64_t k = 0;
  a->row_ptr[0] = 0;
  for (int32_t z = 0; z < nz; z++)
    for (int32_t y = 0; y < n; y++)
      for (int32_t x = 0; x < n; x++) {
        int64_t row = x + (int64_t)n * y + (int64_t)n * n * z;
        for (int dz = -1; dz <= 1; dz++)
          for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
              if (!in_stencil(stencil, dx, dy, dz))
                continue;
              int32_t xx = x + dx, yy = y + dy, zz = z + dz;
              if (xx < 0 || xx >= n || yy < 0 || yy >= n || zz < 0 || zz >= nz)
                continue;
              a->col[k] = (int32_t)(xx + (int64_t)n * yy + (int64_t)n * n * zz);
              a->val[k] = (dx || dy || dz) ? -1.0 : (double)(stencil - 1);
              k++;
            }
        a->row_ptr[row + 1] = k;
      }
  a->nnz = k; /* arrays keep their max_nnz length; only k entries are used */
  *out = a;
  return AMG_OK;
}
