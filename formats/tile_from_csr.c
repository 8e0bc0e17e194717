/* CSR -> tile on the host (the CPU reference of tile_from_csr.cu).
 *
 * One pass per tile row: find its tile columns (a generation mark per tile
 * column avoids clearing), sort them, OR each entry into its tile's row mask,
 * derive row_ptr and tile offsets from popcounts, then place each entry at
 * tile offset + row_ptr[r] + popcount(mask[r] below c). Sorted CSR rows make
 * every tile's entries come out sorted by (row, col). */
#include <stdlib.h>
#include <string.h>

#include "fmt_internal.h"

/* Counts the tiles of every tile row into tile_ptr (prefix summed). */
static void count_tiles(const fmt_csr *a, int32_t tile_m, int32_t *seen, int64_t *tile_ptr) {
  tile_ptr[0] = 0;
  for (int32_t ti = 0; ti < tile_m; ti++) {
    int64_t count = 0;
    int32_t row_end = (ti + 1) * FMT_TILE < a->m ? (ti + 1) * FMT_TILE : a->m;
    for (int32_t i = ti * FMT_TILE; i < row_end; i++)
      for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++) {
        int32_t tj = a->col[k] / FMT_TILE;
        if (seen[tj] != ti) {
          seen[tj] = ti;
          count++;
        }
      }
    tile_ptr[ti + 1] = tile_ptr[ti] + count;
  }
}

amg_status fmt_tile_from_csr(const fmt_csr *a, fmt_tile **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "tile_from_csr: out is NULL");
  *out = NULL;
  if (!a)
    return amg_error(AMG_ERR_ARG, "tile_from_csr: a is NULL");
  amg_status s = fmt_csr_validate(a);
  if (s != AMG_OK)
    return s;
  int32_t tile_m = fmt_tiles_for(a->m), tile_n = fmt_tiles_for(a->n);
  int32_t *seen = NULL, *slot = NULL;
  int64_t *tile_ptr = NULL;
  fmt_tile *c = NULL;
  s = fmt_alloc((void **)&seen, tile_n, sizeof *seen, FMT_HOST);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&slot, tile_n, sizeof *slot, FMT_HOST);
  if (s == AMG_OK)
    s = fmt_alloc((void **)&tile_ptr, (int64_t)tile_m + 1, sizeof *tile_ptr, FMT_HOST);
  if (s != AMG_OK)
    goto done;
  for (int32_t j = 0; j < tile_n; j++)
    seen[j] = -1;
  count_tiles(a, tile_m, seen, tile_ptr);
  s = fmt_tile_create(a->m, a->n, tile_ptr[tile_m], a->nnz, FMT_HOST, &c);
  if (s != AMG_OK)
    goto done;
  memcpy(c->tile_ptr, tile_ptr, ((size_t)tile_m + 1) * sizeof *tile_ptr);
  for (int32_t j = 0; j < tile_n; j++)
    seen[j] = -1;
  int64_t offset = 0;
  c->tile_nnz[0] = 0;
  for (int32_t ti = 0; ti < tile_m; ti++) {
    int64_t lo = c->tile_ptr[ti], count = 0;
    int32_t row_lo = ti * FMT_TILE;
    int32_t row_end = row_lo + FMT_TILE < a->m ? row_lo + FMT_TILE : a->m;
    for (int32_t i = row_lo; i < row_end; i++)
      for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++) {
        int32_t tj = a->col[k] / FMT_TILE;
        if (seen[tj] != ti) {
          seen[tj] = ti;
          c->tile_col[lo + count++] = tj;
        }
      }
    fmt_sort_int32(c->tile_col + lo, (size_t)count);
    for (int64_t t = 0; t < count; t++)
      slot[c->tile_col[lo + t]] = (int32_t)t;
    memset(c->mask + FMT_TILE * lo, 0, (size_t)(FMT_TILE * count) * sizeof *c->mask);
    for (int32_t i = row_lo; i < row_end; i++)
      for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++) {
        int64_t t = lo + slot[a->col[k] / FMT_TILE];
        c->mask[FMT_TILE * t + (i - row_lo)] |= (uint16_t)(1u << (a->col[k] % FMT_TILE));
      }
    for (int64_t t = lo; t < lo + count; t++) {
      int in_tile = 0;
      for (int r = 0; r < FMT_TILE; r++) {
        c->row_ptr[FMT_TILE * t + r] = (uint8_t)in_tile;
        in_tile += __builtin_popcount(c->mask[FMT_TILE * t + r]);
      }
      offset += in_tile;
      c->tile_nnz[t + 1] = offset;
    }
    for (int32_t i = row_lo; i < row_end; i++) {
      int r = i - row_lo;
      for (int64_t k = a->row_ptr[i]; k < a->row_ptr[i + 1]; k++) {
        int cc = a->col[k] % FMT_TILE;
        int64_t t = lo + slot[a->col[k] / FMT_TILE];
        int64_t pos = c->tile_nnz[t] + c->row_ptr[FMT_TILE * t + r] +
                      __builtin_popcount(c->mask[FMT_TILE * t + r] & fmt_mask_below(cc));
        c->idx[pos] = (uint8_t)((r << 4) | cc);
        c->val[pos] = a->val[k];
      }
    }
  }
done:
  free(seen);
  free(slot);
  free(tile_ptr);
  if (s == AMG_OK)
    *out = c;
  else
    fmt_tile_destroy(c);
  return s;
}
