/* Helpers shared by the formats/ sources; not part of the public API. */
#ifndef FMT_INTERNAL_H
#define FMT_INTERNAL_H

#include "formats.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Allocates count elements of elem bytes on loc; fails cleanly on overflow.
 * count = 0 gives a valid NULL-or-minimal allocation that free accepts. */
amg_status fmt_array_alloc(void **p, int64_t count, size_t elem, fmt_location loc);
void fmt_array_free(void *p, fmt_location loc);

/* Allocates a fmt_tile_columns with uninitialised arrays (for the device builder). */
amg_status fmt_tile_columns_alloc(int32_t tile_n, int64_t num_tiles, fmt_location loc,
                                  fmt_tile_columns **out);

/* Bits strictly below column c of a 16-bit row mask. */
static inline uint16_t fmt_mask_below(int c) { return (uint16_t)((1u << c) - 1u); }

#ifdef __cplusplus
}
#endif
#endif
