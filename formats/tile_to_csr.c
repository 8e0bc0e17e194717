/* Tile -> CSR on the host (the CPU reference of tile_to_csr.cu).
 * Row i = 16*ti + r is the concatenation, over the tiles of tile row ti in
 * column order, of each tile's row r; tiles sorted by column keep it sorted. */
#include "fmt_internal.h"

amg_status fmt_tile_to_csr(const fmt_tile *a, fmt_csr **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "tile_to_csr: out is NULL");
  *out = NULL;
  if (!a)
    return amg_error(AMG_ERR_ARG, "tile_to_csr: a is NULL");
  if (a->loc != FMT_HOST)
    return amg_error(AMG_ERR_ARG, "tile_to_csr: need a host matrix");
  fmt_csr *c = NULL;
  amg_status s = fmt_csr_create(a->m, a->n, a->nnz, FMT_HOST, &c);
  if (s != AMG_OK)
    return s;
  c->row_ptr[0] = 0;
  for (int32_t i = 0; i < a->m; i++) {
    int32_t ti = i / FMT_TILE, r = i % FMT_TILE;
    int64_t count = 0;
    for (int64_t t = a->tile_ptr[ti]; t < a->tile_ptr[ti + 1]; t++)
      count += __builtin_popcount(a->mask[FMT_TILE * t + r]);
    c->row_ptr[i + 1] = c->row_ptr[i] + count;
  }
  for (int32_t i = 0; i < a->m; i++) {
    int32_t ti = i / FMT_TILE, r = i % FMT_TILE;
    int64_t dst = c->row_ptr[i];
    for (int64_t t = a->tile_ptr[ti]; t < a->tile_ptr[ti + 1]; t++) {
      int64_t src = a->tile_nnz[t] + a->row_ptr[FMT_TILE * t + r];
      int len = __builtin_popcount(a->mask[FMT_TILE * t + r]);
      for (int k = 0; k < len; k++, dst++) {
        c->col[dst] = a->tile_col[t] * FMT_TILE + (a->idx[src + k] & 0xF);
        c->val[dst] = a->val[src + k];
      }
    }
  }
  *out = c;
  return AMG_OK;
}
