/* The kernel variants of the device SpMV, residual and Jacobi sweep
 * (spmv.cu), selectable at run time so that spmv_bench can time them all in
 * one run and the GPU tests can check each one. Internal to solver/ (and
 * its benchmark and tests); the solver itself uses the default.
 *
 * Every variant is deterministic: each y_i is summed in an order fixed by
 * the matrix's structure (no atomics, nothing timing-dependent), and for
 * "stream-block" by its warp count, which the latency model derives from the
 * matrix and the GPU's multiprocessor count: the same GPU model gives the
 * same bits, another one may round differently.
 * "row", "batch" and "list" sum each row exactly like the host reference
 * (tiles in column order, entries in column order, one FMA each; the same
 * bits in all three); "batch-warp" and
 * "stream" and "stream-block" split a row into partial sums combined in a
 * fixed tree. */
#ifndef AMG_SPMV_VARIANTS_H
#define AMG_SPMV_VARIANTS_H

#include "formats.h"
#include "spmv_baseline.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum amg_spmv_variant {
  /* A thread per row (lane r of a half-warp takes row 16*ti + r of tile row
   * ti): tile by tile, the row's entries from tile_nnz + row_ptr, columns
   * from the mask bits; the next tile's metadata are requested before the
   * current tile's entries are loaded (four at a time).
   * Reads tile_ptr, tile_col, tile_nnz, row_ptr, mask, val. */
  AMG_SPMV_ROW = 0,
  /* Thread per row as above, tiles taken four at a time: entry offsets come
   * from a half-warp scan of the mask popcounts (no row_ptr, one tile_nnz
   * per tile row), the next four tiles' metadata are prefetched, and the
   * four tiles go as two pairs, a lane's entries of a pair loaded four at
   * a time (merged form: both pairs in one round trip, see below).
   * Reads tile_ptr, one tile_nnz per tile row, tile_col, mask, val. */
  AMG_SPMV_BATCH = 1,
  /* "batch" with a whole warp per tile row: the two half-warps take
   * alternate groups of four tiles; the two partial sums of a row are
   * added at the end. Same arrays as "batch". */
  AMG_SPMV_BATCH_WARP = 2,
  /* A warp per tile row streams the row's contiguous entries (idx, val)
   * with coalesced loads, finds each entry's tile from the tile starts,
   * and adds its product into a per-lane, per-local-row accumulator in
   * shared memory; the 32 lane partials of each row are summed in a fixed
   * order at the end. Reads tile_ptr, tile_nnz, tile_col, idx, val. */
  AMG_SPMV_STREAM = 3,
  /* "stream" with 2, 4 or 8 warps per tile row (as many as a latency model
   * of the matrix's shape finds fastest, at least 2), taking alternate steps
   * of 128 entries; the warps' row sums are added in warp order. Same
   * arrays as "stream". */
  AMG_SPMV_STREAM_BLOCK = 4,
  /* batch's walk over the tiles, but each lane lists its row's entries
   * (offset, column) in shared memory and loads them 6, 8 or 10 at a time
   * (by the matrix's mean row length), across tiles and batches, instead
   * of in slots per pair of tiles: one round trip and few idle slots for a
   * short row spread over many tiles. Same arrays as "batch"; matrices of
   * 2^31 entries or more run "batch" (the same sums). */
  AMG_SPMV_LIST = 5,
  AMG_SPMV_NUM_VARIANTS = 6,
  /* Per matrix: "stream-block" when the model finds several warps per tile
   * row faster (few, long tile rows: coarse operators and restrictions,
   * where a warp or half-warp per tile row leaves the GPU idle while each
   * walks its row alone); otherwise "stream" when rows average more than
   * AMG_SPMV_LONG_ROWS entries; "list" for a square matrix whose rows
   * average at most AMG_SPMV_SHORT_ROWS (the operators of 2D 5- and
   * 9-point and 3D 7-point) or a rectangular one whose rows average at
   * most AMG_SPMV_SHORT_ROWS_RECT (the 2D prolongators); else "batch" (3D
   * 27-point, the 3D prolongators). A prolongator's row counts the
   * aggregates its stencil touches, so lengths vary: on 3D, averaging 3.4-
   * 4.3, half the tile rows hold a row longer than 6, which costs list a
   * second round trip, and list was slower there (run 66); the 2D ones,
   * averaging 2.4-2.6, have no row over 6. */
  AMG_SPMV_AUTO = -1
} amg_spmv_variant;

#define AMG_SPMV_LONG_ROWS 48
#define AMG_SPMV_SHORT_ROWS 10
#define AMG_SPMV_SHORT_ROWS_RECT 3

/* The variant used when none was chosen. */
#define AMG_SPMV_DEFAULT_VARIANT AMG_SPMV_AUTO

/* Chooses the variant used by amg_spmv/residual/jacobi_device from now on
 * (process-wide, not thread-safe: for benchmarks and tests). */
amg_status amg_spmv_set_variant(int variant);
int amg_spmv_get_variant(void);
/* Warps per tile row of an explicitly chosen "stream-block": 0 (the
 * default) lets the latency model choose; 2, 4 or 8 force it (for tests,
 * so that every version of the kernel runs on any GPU). AUTO ignores it. */
amg_status amg_spmv_set_stream_warps(int warps);
int amg_spmv_get_stream_warps(void);
/* How "batch" walks a batch of four tiles (both forms sum in the same
 * order and give the same bits): the two pairs of tiles in turn, or merged
 * so that one round trip to memory serves both (more loads in flight per
 * thread, fewer threads). By default the matrix's shape decides (merged
 * when its tile rows average more than eight tiles); the others force a
 * form, for tests. Process-wide, not thread-safe. */
enum { AMG_SPMV_BATCH_FORM_MODEL = 0, AMG_SPMV_BATCH_FORM_PAIRS = 1, AMG_SPMV_BATCH_FORM_MERGED = 2 };
amg_status amg_spmv_set_batch_form(int form);
int amg_spmv_get_batch_form(void);
/* Entries per round of an explicitly chosen or AUTO "list": 0 (the
 * default) lets the mean row length choose; 6, 8 or 10 force it (for tests
 * and benchmarks). Process-wide, not thread-safe. */
amg_status amg_spmv_set_list_slots(int slots);
int amg_spmv_get_list_slots(void);
/* "row", "batch", "batch-warp", "stream", "stream-block", "list"; NULL out of range. */
const char *amg_spmv_variant_name(int variant);

/* Bytes of the matrix the variant reads when every array it touches is
 * read once (x and y not included). Per tile row: tile_ptr (8 B; the
 * tile_ptr[tile_m] entry counted too) and for "batch", "batch-warp" and
 * "list" one tile_nnz (8 B, counted for every tile row). Per tile: "row"
 * 60 B (tile_col 4 + tile_nnz 8 + row_ptr 16 + mask 32), "batch",
 * "batch-warp" and "list" 36 B (tile_col 4 + mask 32), "stream" and
 * "stream-block" 12 B (tile_col 4 + tile_nnz 8).
 * Per entry: val 8 B, plus idx 1 B for the stream variants. Host or device
 * matrix.
 * Returns a negative value for an unknown variant. */
double amg_spmv_matrix_bytes(const fmt_tile *a, int variant);

/* Argument checks shared by the host and device versions (spmv.c):
 * a matrix where `loc` says, non-NULL vectors of non-zero length, x not
 * aliasing the output. `what` names the operation in the message. */
amg_status amg_spmv_check_args(const char *what, const fmt_tile *a, fmt_location loc, const double *x,
                               const double *out);

/* Bytes of one CSR row offset as the baseline h hands them to cuSPARSE:
 * 8 when cuSPARSE took the matrix's 64-bit offsets with 32-bit column
 * indices, 4 when it did not and the offsets were narrowed; 0 without CUDA. */
int amg_spmv_baseline_offset_bytes(const amg_spmv_baseline *h);

#ifdef __cplusplus
}
#endif
#endif
