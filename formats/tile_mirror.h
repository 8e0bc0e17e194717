/* The tiles of a mirrored matrix (fmt_tile_mirror_upper), shared by the host
 * version and the GPU one. C's tile (I, J) is made from one source tile of
 * u, by one of three rules:
 *   FMT_MIRROR_UPPER (J > I): u's tile (I, J) as it is;
 *   FMT_MIRROR_LOWER (J < I): u's tile (J, I) transposed;
 *   FMT_MIRROR_DIAG  (J = I): u's tile (I, I), its entries (r, c) with c >= r
 *                             kept and copied to (c, r); the others ignored. */
#ifndef FMT_TILE_MIRROR_H
#define FMT_TILE_MIRROR_H

#include "formats.h"

enum { FMT_MIRROR_UPPER = 0, FMT_MIRROR_LOWER = 1, FMT_MIRROR_DIAG = 2 };

/* Row r's mask of C's tile made by `rule` from the source tile's 16 row masks m. */
static inline FMT_HD unsigned fmt_mirror_row_mask(const uint16_t *m, int rule, int r) {
  if (rule == FMT_MIRROR_UPPER)
    return m[r];
  unsigned column = 0; /* the source's column r, as a row */
  for (int c = 0; c < FMT_TILE; c++)
    column |= ((m[c] >> r) & 1u) << c;
  if (rule == FMT_MIRROR_LOWER)
    return column;
  unsigned below = (1u << r) - 1u;
  return (m[r] & ~below & 0xFFFFu) | (column & below);
}

/* Whether C's entry (r, c) is the source's entry (r, c); else it is (c, r). */
static inline FMT_HD int fmt_mirror_direct(int rule, int r, int c) {
  return rule == FMT_MIRROR_UPPER || (rule == FMT_MIRROR_DIAG && c >= r);
}

#endif
