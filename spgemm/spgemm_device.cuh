/* The GPU tiled SpGEMM's steps, shared by spgemm/'s CUDA sources. */
#ifndef SPGEMM_DEVICE_CUH
#define SPGEMM_DEVICE_CUH

#include <cub/device/device_scan.cuh>

#include "device_util.cuh"
#include "spgemm.h"

/* Step 1, count pass; *num_cand (host) is the number of candidates. Few
 * rows (last_block_scan.cuh): cand_ptr (tile_m + 1, device) gets each
 * row's prefix within its counting unit and scratch
 * (spgemm_structure_scratch(tile_m) entries, device) the units' and
 * blocks' prefixes; one host sync, no copy. Many rows: cand_ptr is
 * complete after a CUB scan, scratch is unused (0 entries); one copy.
 * upper: only the candidates on and above the diagonal (a symmetric C). */
int64_t spgemm_structure_scratch(int32_t tile_m);
amg_status spgemm_structure_device(const fmt_tile *a, const fmt_tile *b, bool upper, int64_t *cand_ptr,
                                   int64_t *scratch, int64_t *num_cand);
/* Step 1, fill pass: writes the sorted candidate columns and their tile
 * rows, and completes cand_ptr where the count pass left prefixes. */
amg_status spgemm_structure_fill_device(const fmt_tile *a, const fmt_tile *b, bool upper, int64_t *cand_ptr,
                                        const int64_t *scratch, int32_t *cand_col, int32_t *cand_row);

/* Whether step 2 starts with its row kernel: under AUTO, when C has a tile
 * row per half-warp slot (spgemm.h). */
static inline bool spgemm_symbolic_by_rows(spgemm_kernels kernels, int32_t tile_m) {
  return kernels == SPGEMM_KERNELS_ROWS ||
         (kernels == SPGEMM_KERNELS_AUTO && tile_m >= fmt_half_warp_slots());
}

/* The numeric row kernel's smaller instance takes C tile rows of at most
 * this many entries (tile_numeric_rows.cu). */
#define SPGEMM_SHORT_ROW_SLOTS (SPGEMM_ROW_SLOTS / 2)

/* Step 2: masks of every candidate (rows: the row kernel first), then C
 * allocated with only the non-empty ones (tile_ptr, tile_col, tile_nnz,
 * mask, row_ptr and idx set; val not), and c_row (device, C's tile count)
 * the tile row of each C tile. One host sync. */
amg_status spgemm_symbolic_device(const fmt_tile *a, const fmt_tile_columns *bc, const fmt_tile *b,
                                  const int64_t *cand_ptr, const int32_t *cand_col,
                                  const int32_t *cand_row, int64_t num_cand, bool rows, fmt_tile **c,
                                  int32_t **c_row);
/* The row kernel alone: cand_mask and cand_nnz of the candidate tile rows
 * with 1..SPGEMM_SYMBOLIC_ROW_CANDS candidates. */
amg_status spgemm_symbolic_rows_device(const fmt_tile *a, const fmt_tile *b, const int64_t *cand_ptr,
                                       const int32_t *cand_col, uint16_t *cand_mask, int32_t *cand_nnz);

/* Step 3: C's values (the row kernel first where spgemm.h's AUTO rule, or
 * kernels, says so). */
amg_status spgemm_numeric_device(const fmt_tile *a, const fmt_tile_columns *bc, const fmt_tile *b,
                                 fmt_tile *c, const int32_t *c_row, int dense_threshold,
                                 spgemm_kernels kernels, int row_split);
/* The row kernel alone: C tile rows with 1..SPGEMM_ROW_SLOTS entries,
 * split half-warps per row (1, 2, 4 or 8; 0: enough to fill the GPU). */
amg_status spgemm_numeric_rows_device(const fmt_tile *a, const fmt_tile *b, fmt_tile *c, int split);

#endif
