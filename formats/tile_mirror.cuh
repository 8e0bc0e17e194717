/* Building a mirrored tile's values (rules in tile_mirror.h), shared by
 * the mirror (tile_mirror.cu) and the SpGEMM's symmetric products
 * (spgemm/tile_symbolic.cu). A half-warp builds a tile, lane r row r. */
#ifndef FMT_TILE_MIRROR_CUH
#define FMT_TILE_MIRROR_CUH

#include "device_util.cuh"
#include "tile_mirror.h"

/* Lane r's share of a tile's entries, FMT_COPY_LOADS at a time, loads before
 * stores so that they are in flight together: UPPER, entries r, r + 16, ...
 * of the source, copied; else row r's (mask row, first entry start),
 * gathered from the source's entries (masks m, row starts st, first entry
 * base). Index bytes only when u_idx and c_idx are not NULL; C's entries
 * start at k. */
static __device__ __forceinline__ void fmt_mirror_fill_entries(int rule, int r, unsigned row, int start, int size,
                                                               const uint16_t *m, const uint8_t *st, int64_t base,
                                                               const uint8_t *u_idx, const double *u_val, int64_t k,
                                                               uint8_t *c_idx, double *c_val) {
  if (rule == FMT_MIRROR_UPPER) {
    fmt_half_warp_copy_entries(u_val + base, u_idx ? u_idx + base : NULL, c_val + k, c_idx ? c_idx + k : NULL,
                               size, r);
    return;
  }
  for (k += start; row; k += FMT_COPY_LOADS) {
    double v[FMT_COPY_LOADS];
    int at[FMT_COPY_LOADS];
#pragma unroll
    for (int j = 0; j < FMT_COPY_LOADS; j++) {
      at[j] = -1;
      if (row) {
        int c = __ffs(row) - 1, direct = fmt_mirror_direct(rule, r, c);
        int sr = direct ? r : c, sc = direct ? c : r; /* the source's entry (sr, sc) */
        row &= row - 1;
        at[j] = c;
        v[j] = u_val[base + st[sr] + __popc(m[sr] & ((1u << sc) - 1u))];
      }
    }
#pragma unroll
    for (int j = 0; j < FMT_COPY_LOADS; j++)
      if (at[j] >= 0) {
        if (c_idx)
          c_idx[k + j] = (uint8_t)((r << 4) | at[j]);
        c_val[k + j] = v[j];
      }
  }
}

#endif
