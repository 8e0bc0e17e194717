/* Helpers shared by the formats/ sources; not part of the public API. */
#ifndef FMT_INTERNAL_H
#define FMT_INTERNAL_H

#include "formats.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Position of tile (i, j) in a host matrix's arrays, or -1 (binary search in tile row i). */
static inline int64_t fmt_tile_find(const fmt_tile *a, int32_t i, int32_t j) {
  int64_t lo = a->tile_ptr[i], hi = a->tile_ptr[i + 1];
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (a->tile_col[mid] < j)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < a->tile_ptr[i + 1] && a->tile_col[lo] == j ? lo : -1;
}

/* Allocates a fmt_tile_columns with uninitialised arrays (for the device builder). */
amg_status fmt_tile_columns_alloc(int32_t tile_n, int64_t num_tiles, fmt_location loc,
                                  fmt_tile_columns **out);

/* CSR -> tile on the device by a radix sort of all entries, for CSR rows
 * not sorted by column (tile_from_csr_sort.cu). */
amg_status fmt_tile_from_unsorted_csr_device(const fmt_csr *dev_csr, fmt_tile **dev_tile);

/* A copy where at least one side is on the device (device_memory.cu); waits for it. */
amg_status fmt_device_copy_any(void *dst, int dst_device, const void *src, int src_device, size_t bytes);

/* fmt_tile_mirror_upper's checks of u: square; on the host, no tile below the diagonal. */
amg_status fmt_tile_mirror_check(const fmt_tile *u);

/* Bits strictly below column c of a 16-bit row mask. */
static inline uint16_t fmt_mask_below(int c) { return (uint16_t)((1u << c) - 1u); }

#ifdef __cplusplus
}
#endif
#endif
