/* Sparse matrix-matrix products C = A*B. Prefix: spgemm_.
 *
 * Two CPU references (the test oracles) and, in a CUDA build, the GPU tiled
 * product and the cuSPARSE baseline behind one interface.
 * All products are structural: C's pattern is every (i, j) with some stored
 * a_ik and b_kj, whatever the values (numerical cancellation keeps an entry).
 * The tiled product drops only tiles with no structural entry.
 * Inputs must be valid matrices (fmt_csr_validate, fmt_tile_validate): the
 * products check shapes and locations, not the arrays' contents. */
#ifndef SPGEMM_H
#define SPGEMM_H

#include "formats.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Plain row-by-row Gustavson product on host CSR matrices. */
amg_status spgemm_csr_reference(const fmt_csr *a, const fmt_csr *b, fmt_csr **c);

/* Tiled product on host tile matrices, in the three steps of the GPU version:
 * tile structure of C, symbolic (matched tile pairs, OR of row masks, empty
 * tiles dropped), numeric. */
amg_status spgemm_tile_reference(const fmt_tile *a, const fmt_tile *b, fmt_tile **c);

/* The same with step 3 by dot products from B^T (bt, values included), the
 * reference of the GPU's dot kernel (spgemm_tile_options' numeric_dot): each
 * entry sums its terms in the order spgemm_tile_reference does, one
 * product at a time instead of into an accumulator row. */
amg_status spgemm_tile_dot_reference(const fmt_tile *a, const fmt_tile *b, const fmt_tile *bt, fmt_tile **c);

/* The same for a product the caller knows to be symmetric, such as P^T (A P)
 * with A symmetric: step 1 keeps only the tiles on and above the diagonal,
 * about half the work of steps 2 and 3, and fmt_tile_mirror_upper completes
 * C from its upper triangle, which is then exactly symmetric. The pattern is
 * not checked: where A*B is not symmetric, C is the mirror of its upper
 * triangle (the GPU path refuses the cases it can detect, below). */
amg_status spgemm_tile_symmetric_reference(const fmt_tile *a, const fmt_tile *b, fmt_tile **c);

/* Intermediate products of A*B (sum over stored a_ik of nnz(B row k));
 * the flop count is twice this. Host matrices; -1 (and the error message
 * set) where A or B is NULL, not on the host, or the inner dimensions differ. */
int64_t spgemm_csr_products(const fmt_csr *a, const fmt_csr *b);
int64_t spgemm_tile_products(const fmt_tile *a, const fmt_tile *b);

/* The Galerkin study's model prolongator for a Poisson matrix on an n^dims
 * grid: 3^dims point aggregates, P = (I - (4/3)/rho D^-1 A) T with columns of
 * T normalised. *n_coarse is the coarse grid's side, ceil(n/3). Host CSR. */
amg_status spgemm_structured_prolongator(const fmt_csr *a, int dims, int32_t n, fmt_csr **p,
                                         int32_t *n_coarse);

/* ---- GPU (CUDA build; AMG_ERR_NO_CUDA otherwise) ---- */

/* Which SpGEMM computes a product: our tiled kernel or cuSPARSE. */
typedef enum spgemm_backend { SPGEMM_TILE = 0, SPGEMM_CUSPARSE = 1 } spgemm_backend;

/* "tile" or "cusparse". */
const char *spgemm_backend_name(spgemm_backend be);

/* Steps 2 (symbolic) and 3 (numeric) each have two kernels. The pair
 * kernels (tile_symbolic.cu, tile_numeric.cu) work C tile by C tile,
 * searching A's tile row against B's tile column. The row kernels
 * (tile_symbolic_rows.cu, tile_numeric_rows.cu) take whole C tile rows that
 * fit their shared memory (at most SPGEMM_SYMBOLIC_ROW_CANDS candidate tiles;
 * at most SPGEMM_ROW_SLOTS entries) and enumerate the pairs instead; the pair
 * kernels then take the other rows. The numeric row kernel gives a row 1 to
 * 8 half-warps (row_split below), enough to fill the GPU. AUTO uses
 * - the symbolic row kernel when C has at least as many tile rows as the GPU
 *   has half-warp slots: level 0's A*P on the SA hierarchies, step 2 30-40%
 *   faster (run 76);
 * - the numeric row kernel then too (run 26: 6-10% faster on three of the
 *   four problems, 6% slower on 2D 9-point) if C's tile rows average at
 *   least 8 tiles (run 237: the pair kernel was 9-25% faster on the
 *   model's level-0 A*P, whose C rows have 3-8). Products with fewer C
 *   tile rows go to the pair kernel (runs 237-239; spgemm_device.cuh).
 * In the numeric pair kernel, a C tile with more than dense_threshold
 * entries accumulates in a dense 16x16 array, the others in a compact one
 * indexed through the mask. Default SPGEMM_DENSE_THRESHOLD; measured by
 * spgemm_bench.
 *
 * Where step 2 has no row kernel, steps 2 and 3 can run as one pass
 * (tile_one_pass.cu): each candidate's pairs are searched once instead of
 * twice, with the dense accumulator. Each candidate keeps its values until
 * C is compacted: in 256 slots (2 KB) for up to SPGEMM_ONE_PASS_CANDIDATES
 * candidates (128 MiB), else in SPGEMM_ONE_PASS_FEW_SLOTS (512 B), and the
 * pair kernel then recomputes the C tiles holding more entries than that.
 * AUTO takes one pass for at most SPGEMM_ONE_PASS_MAX_CANDIDATES candidates
 * (256 MiB) whose pair lists (the shorter of A's tile rows and B's tile
 * columns) average more than 16 tiles, where the search is a large part of
 * each step (runs 240-243: the SA hierarchies' level-0 second products).
 * SPGEMM_ROW_SLOTS (the longest C tile row the numeric row kernel takes,
 * in entries) is 464, not 512: with 464 doubles per half-warp the larger
 * instance's block needs 32 KB of shared memory, so a multiprocessor holds
 * 7 blocks instead of 6 (run 117). Rows of up to 400 entries go to an
 * instance of 400 slots, which it holds 8 of (run 209).
 *
 * Step 1 counts each C tile row's candidate tiles, then writes them where
 * the count's scan puts them. The counting pass keeps the columns it
 * finds, up to SPGEMM_PARK_PER_TILE per tile of A's row (on the model's
 * products C's tile rows hold 0.5-2.5 candidates per tile of A's), and
 * the writing pass copies them; it finds a longer row's columns again. */
#define SPGEMM_DENSE_THRESHOLD 192
#define SPGEMM_ONE_PASS_CANDIDATES 65536
#define SPGEMM_ONE_PASS_FEW_SLOTS 64
#define SPGEMM_ONE_PASS_MAX_CANDIDATES (1 << 19)
#define SPGEMM_ROW_SLOTS 464
#define SPGEMM_SYMBOLIC_ROW_CANDS 64
#define SPGEMM_PARK_PER_TILE 4
/* Above how long a mean pair list (spgemm_mean_list) a C tile, or a one
 * pass candidate, gets a warp rather than a half-warp (the two halves
 * then take alternate pairs): 16 tiles for the pair kernels and the
 * symmetric one pass, 32 for the general one pass. A half-warp against a
 * warp per candidate, the model's level-0 second products: 2D (lists of
 * 20.0 tiles) general 0-12% faster (runs 285-287); 2D symmetric 5-10%
 * slower in run 286, within 4% (run 285) and 10% faster to 3% slower (run
 * 287) in the others (its diagonal candidates, of the longest lists, are a
 * larger share); 3D 7-point (84.3) 1% faster to 13% slower (run 285). */
#define SPGEMM_WARP_LIST 16.0
#define SPGEMM_ONE_PASS_WARP_LIST 32.0
typedef enum spgemm_kernels {
  SPGEMM_KERNELS_AUTO = 0,
  SPGEMM_KERNELS_PAIRS, /* the pair kernels for every tile */
  SPGEMM_KERNELS_ROWS   /* the row kernels for every tile row that fits */
} spgemm_kernels;
/* How the pair kernels find B_kj for a C tile (i, j) and an A tile (i, k)
 * (tile_match.cuh): in B's column order (sorted, or read from B^T), or by a
 * search of B's tile row k, which needs no column order. Both find the same
 * pairs in the same order of k. AUTO takes B's tile rows in a step whose
 * row kernel leaves the pair kernels few rows, and elsewhere estimates the
 * searches' dependent loads from the mean list lengths (spgemm_device.cuh). */
typedef enum spgemm_b_lookup_kind {
  SPGEMM_B_LOOKUP_AUTO = 0,
  SPGEMM_B_LOOKUP_COLUMNS,
  SPGEMM_B_LOOKUP_ROWS
} spgemm_b_lookup_kind;
typedef enum spgemm_passes {
  SPGEMM_PASSES_AUTO = 0,
  SPGEMM_PASSES_TWO, /* steps 2 and 3 apart */
  SPGEMM_PASSES_ONE  /* as one pass wherever step 2 has no row kernel, at any size (running out of
                        device memory for the 2 KB per candidate is an error, not a fallback) */
} spgemm_passes;
/* The pair lists' mean length (the shorter of A's tile rows and B's tile
 * columns, estimated from the tile counts), which the AUTO rules use. */
static inline double spgemm_mean_list(const fmt_tile *a, const fmt_tile *b) {
  double row = a->tile_m ? (double)a->num_tiles / a->tile_m : 0;
  double col = b->tile_n ? (double)b->num_tiles / b->tile_n : 0;
  return row < col ? row : col;
}

/* Whether bt, in loc, has the shape of B^T: B's sizes swapped and its tile
 * and entry counts (b_transpose below, spgemm_tile_dot_reference). */
static inline int spgemm_transpose_shape(const fmt_tile *b, const fmt_tile *bt, fmt_location loc) {
  return bt->loc == loc && bt->m == b->n && bt->n == b->m && bt->num_tiles == b->num_tiles && bt->nnz == b->nnz;
}

typedef struct spgemm_tile_options {
  int dense_threshold;
  spgemm_kernels kernels;
  int symmetric; /* C is known to be symmetric: as spgemm_tile_symmetric_reference, computed from
                    the upper tiles (spgemm/tile_twins.cu); where A*B's pattern is not symmetric
                    enough for that (a diagonal tile, an upper tile without a lower candidate, or,
                    where C's tiles are the exact candidates, a lower tile whose twin is empty),
                    the product fails with AMG_ERR_ARG */
  int row_split; /* half-warps per C tile row in the numeric row kernel: 1, 2, 4 or 8,
                    or 0 (the default) for enough to fill the GPU */
  const fmt_tile *b_transpose; /* B^T when the caller has it (NULL: none), values included, exactly
                                  B's transposed: B's column order is read from it instead of sorted
                                  (fmt_tile_columns_from_transpose), and step 3's dot kernel reads
                                  B's columns from it (numeric_dot) */
  int leftover_list; /* 1: after a row kernel, the pair kernel always walks the list of the rows
                        left to it (tests); 0: only on large products (spgemm_device.cuh) */
  spgemm_passes passes; /* steps 2 and 3 apart or as one pass (above); 0 is AUTO */
  int layout_candidates; /* 1: step 1's candidates from the tile layouts alone, as the CPU reference,
                            so step 2 meets and drops empty ones (tests); -1: exact, from each
                            tile's used rows and columns, so that every candidate is one of C's
                            tiles (tests); 0 (default): exact where step 2 starts with its row
                            kernel, or B is large and the pair lists short (spgemm_device.cuh) */
  spgemm_b_lookup_kind b_lookup; /* B_kj in B's column order or B's tile rows (above); 0 is AUTO */
  int row_windows; /* 1: the row kernels walk B's tile rows in windows of 16 tiles, skipping pairs
                      that add nothing, wherever step 1's candidates are exact; -1: in plain
                      batches; 0 (default): windows where B's tile rows are long and the tiles
                      sparse (spgemm_device.cuh). The results are the same either way. */
  int one_pass_slots; /* values kept per candidate by one pass: 256 or SPGEMM_ONE_PASS_FEW_SLOTS
                         (tests), or 0 (the default) for the number of candidates to decide (above) */
  int numeric_dot; /* step 3 by dot products, a lane per C entry (tile_numeric_dot.cu), where it can
                      run: two passes, a general product, no numeric row kernel, b_transpose given.
                      1: wherever it can (tests); -1: never (the pair kernel); 0 (default): AUTO
                      (spgemm_device.cuh) */
} spgemm_tile_options;

typedef struct spgemm_stats {
  int64_t candidate_tiles; /* tiles of C after step 1 (tile backend) */
  int64_t tiles, nnz;      /* of C */
  double product_ms;       /* the product alone, C's allocation included (when timed) */
  double convert_ms;       /* tile<->CSR conversions (cusparse backend) */
  /* With profile set before the call (tile backend): time of B's column
   * order, step 1 (with a symmetric product's twins), step 2 (with C's
   * allocation) and step 3. Each step then ends in a sync, so the sum
   * exceeds product_ms slightly. */
  int profile;
  double step_ms[4];
} spgemm_stats;

/* C = A*B on device tile matrices with the tiled SpGEMM. opt and stats may be NULL.
 * The result is bitwise reproducible; C stores no empty tile. */
amg_status spgemm_tile_device(const fmt_tile *a, const fmt_tile *b, fmt_tile **c,
                              const spgemm_tile_options *opt, spgemm_stats *stats);

/* Creates the cuSPARSE handle now (a one-time cost of tens of milliseconds)
 * instead of inside the first product. */
amg_status spgemm_device_init(void);

/* Intermediate products of A*B for device tile matrices (host result). */
amg_status spgemm_tile_products_device(const fmt_tile *a, const fmt_tile *b, int64_t *products);

/* A device CSR matrix with 32-bit row offsets, the form cusparseSpGEMM takes. */
typedef struct spgemm_csr32 {
  int32_t m, n, nnz;
  int32_t *row_ptr, *col;
  double *val;
} spgemm_csr32;

/* Converts between the offset widths (AMG_ERR_OVERFLOW past 2^31-1 entries
 * when narrowing) without copying: only the row offsets are converted; the
 * columns and values are handed over and the source is destroyed (also on
 * failure). */
amg_status spgemm_csr32_take_csr(fmt_csr *dev, spgemm_csr32 **out);
amg_status spgemm_csr32_take_to_csr(spgemm_csr32 *a, fmt_csr **dev);
void spgemm_csr32_destroy(spgemm_csr32 *a);

/* C = A*B with cusparseSpGEMM (generic API, CSR, FP64), C allocated here. */
amg_status spgemm_cusparse(const spgemm_csr32 *a, const spgemm_csr32 *b, spgemm_csr32 **c);

/* C = A*B on device tile matrices with the chosen backend. symmetric: C is
 * known to be symmetric, and the tile backend uses it (spgemm_tile_options);
 * cuSPARSE has no such product and computes all of C. bt: B^T, or NULL
 * (the tile backend reads B's column order from it; cuSPARSE ignores it). The cusparse backend
 * converts to CSR and back on the GPU; stats separate that time from the
 * product's. With stats, the call is timed with events. */
amg_status spgemm_multiply_device(spgemm_backend be, const fmt_tile *a, const fmt_tile *b, const fmt_tile *bt,
                                  int symmetric, fmt_tile **c, spgemm_stats *stats);

#ifdef __cplusplus
}
#endif
#endif
