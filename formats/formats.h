/* Sparse matrix formats: CSR, the 16x16 sparse tile format, conversions,
 * Matrix Market I/O and Poisson generators. Prefix: fmt_.
 *
 * CSR invariants (fmt_csr):
 *   row_ptr[0] = 0, row_ptr is non-decreasing, row_ptr[m] = nnz (64-bit);
 *   within a row, column indices are strictly increasing (sorted, no
 *   duplicates) and lie in [0, n). Explicit zeros may be stored.
 *
 * Tile invariants (fmt_tile), the TileSpGEMM layout with FMT_TILE = 16:
 *   The m x n matrix is cut into tile_m = ceil(m/16) tile rows and
 *   tile_n = ceil(n/16) tile columns; edge tiles are partial.
 *   Tile level:
 *     tile_ptr[tile_m+1]   tiles of tile row i are tile_ptr[i] .. tile_ptr[i+1]-1;
 *     tile_col[num_tiles]  strictly increasing within a tile row;
 *     tile_nnz[num_tiles+1] 64-bit offset of each tile's first entry in idx/val;
 *                          tile_nnz[num_tiles] = nnz.
 *   Per tile t (entries tile_nnz[t] .. tile_nnz[t+1]-1, between 1 and 256):
 *     mask[16t + r]    bit c set exactly when local (r, c) is stored;
 *     row_ptr[16t + r] offset of local row r's first entry within the tile
 *                      (16 x uint8; row r ends where row r+1 starts, the last
 *                      row at the tile's nnz; equals the popcount prefix of mask);
 *     idx[k]           (local row << 4) | local col, entries sorted by (row, col);
 *     val[k]           the value.
 *   No stored tile is empty. Bits outside the matrix (edge tiles) are zero.
 *   Entries of one tile row are contiguous in idx/val, in tile order.
 *
 * A matrix knows where its arrays live (loc). Device matrices have the same
 * layout, their arrays in GPU memory; the struct itself stays on the host.
 * A device array may be longer than the counts say (C of a SpGEMM is sized
 * before empty tiles are dropped); the counts are authoritative.
 *
 * Arguments: a function returning amg_status refuses a NULL pointer argument,
 * input or output, with AMG_ERR_ARG and a message "<name>: <argument> is
 * NULL". NULL is accepted only for a buffer of 0 bytes to copy or write
 * (fmt_copy, fmt_device_copy, fmt_copy_to_host_async, fmt_mm_write_vector),
 * fmt_tile_select's keep when a has no tile, and fmt_tile_create_with's
 * given. Destroy and free functions accept NULL. */
#ifndef FMT_FORMATS_H
#define FMT_FORMATS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "amg_status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FMT_TILE 16
/* Largest row or column count: a multiple of FMT_TILE, so that tile index * 16 + 15
 * and (tile index + 1) * 16 fit in int32. The creators refuse larger sizes. */
#define FMT_MAX_DIM (INT32_MAX / FMT_TILE * FMT_TILE)

typedef enum fmt_location { FMT_HOST = 0, FMT_DEVICE = 1 } fmt_location;

typedef struct fmt_csr {
  int32_t m, n;
  int64_t nnz;
  fmt_location loc;
  int64_t *row_ptr; /* m + 1 */
  int32_t *col;     /* nnz */
  double *val;      /* nnz */
} fmt_csr;

typedef struct fmt_tile {
  int32_t m, n;
  int32_t tile_m, tile_n;
  int64_t num_tiles;
  int64_t nnz;
  fmt_location loc;
  int64_t *tile_ptr; /* tile_m + 1 */
  int32_t *tile_col; /* num_tiles */
  int64_t *tile_nnz; /* num_tiles + 1 */
  uint8_t *row_ptr;  /* 16 * num_tiles */
  uint16_t *mask;    /* 16 * num_tiles */
  uint8_t *idx;      /* nnz */
  double *val;       /* nnz */
} fmt_tile;

/* Number of 16-wide tiles covering k rows or columns. */
static inline int32_t fmt_tiles_for(int32_t k) { return (int32_t)(((int64_t)k + FMT_TILE - 1) / FMT_TILE); }

/* ---- Arrays (host or device) ---- */
/* count elements of elem bytes where loc says; overflow-checked. count 0 is
 * valid; elem 0 is AMG_ERR_ARG (it is a sizeof, never 0). */
amg_status fmt_alloc(void **p, int64_t count, size_t elem, fmt_location loc);
void fmt_free(void *p, fmt_location loc);
/* Sorts n host values in increasing order (v may be NULL when n is 0). */
void fmt_sort_int32(int32_t *v, size_t n);
void fmt_sort_int64(int64_t *v, size_t n);
void fmt_sort_double(double *v, size_t n);
/* Copies bytes between any two locations; waits for a device copy to finish.
 * Device to host, up to 256 bytes (a count that sizes an allocation) go
 * through a one-block kernel into mapped pinned memory (device_memory.cu). */
amg_status fmt_copy(void *dst, fmt_location dst_loc, const void *src, fmt_location src_loc, size_t bytes);

/* ---- CSR (host or device) ---- */
amg_status fmt_csr_create(int32_t m, int32_t n, int64_t nnz, fmt_location loc, fmt_csr **out);
void fmt_csr_destroy(fmt_csr *a);
/* Checks every CSR invariant of a host matrix; the message names the first violation. */
amg_status fmt_csr_validate(const fmt_csr *a);
/* C = A^T, on the host. */
amg_status fmt_csr_transpose(const fmt_csr *a, fmt_csr **out);
/* Fails with AMG_ERR_NONFINITE (naming row and column) if a value is NaN or Inf. */
amg_status fmt_csr_check_finite(const fmt_csr *a);
/* Reverse Cuthill-McKee numbering of a square host matrix's graph (the
 * pattern of A + A^T): *perm (malloc'd, n entries) maps each new index to
 * its old one. Deterministic; every connected component is numbered from a
 * pseudo-peripheral node. It gives tiles locality where A's numbering has
 * none (a shuffled grid). */
amg_status fmt_csr_rcm(const fmt_csr *a, int32_t **perm);
/* max |i - j| over the stored entries of a host matrix (0 where it has none). */
int64_t fmt_csr_bandwidth(const fmt_csr *a);
/* B = P A P^T on the host: B(i, j) = A(perm[i], perm[j]); perm must be a
 * permutation of 0..n-1 (AMG_ERR_ARG naming the first bad entry). */
amg_status fmt_csr_permute(const fmt_csr *a, const int32_t *perm, fmt_csr **out);

/* ---- Tile matrix (host or device) ---- */
/* Allocates all arrays; counts are set, contents are not. tile_ptr is sized
 * from m; tile_nnz[0] is not set. */
amg_status fmt_tile_create(int32_t m, int32_t n, int64_t num_tiles, int64_t nnz, fmt_location loc,
                           fmt_tile **out);
/* The same, taking over each array of *given that is not NULL (from
 * fmt_alloc where loc says, at least as long as the counts need) and
 * allocating the others. *given has no array left afterwards: on failure
 * they are freed. Its other fields are ignored. */
amg_status fmt_tile_create_with(int32_t m, int32_t n, int64_t num_tiles, int64_t nnz, fmt_location loc,
                                fmt_tile *given, fmt_tile **out);
void fmt_tile_destroy(fmt_tile *a);
/* Checks every tile invariant of a host matrix; the message names the first violation. */
amg_status fmt_tile_validate(const fmt_tile *a);

#ifdef __CUDACC__
#define FMT_HD __host__ __device__
#else
#define FMT_HD
#endif
/* Position in idx/val of entry (r, c) of tile t, which must be stored: the
 * tile's start, its row's start, and the row's entries left of c. Host or device. */
static inline FMT_HD int64_t fmt_tile_entry(const int64_t *tile_nnz, const uint8_t *row_ptr,
                                            const uint16_t *mask, int64_t t, int r, int c) {
  unsigned before = mask[FMT_TILE * t + r] & ((1u << c) - 1u);
#ifdef __CUDA_ARCH__
  int left = __popc(before);
#else
  int left = __builtin_popcount(before);
#endif
  return tile_nnz[t] + row_ptr[FMT_TILE * t + r] + left;
}

/* A matrix's tiles in tile-column order: the tiles of tile column j are
 * tile[col_ptr[j] .. col_ptr[j+1]-1] (indices into the matrix's arrays; the
 * payload is not copied), by increasing tile row row[...]. Built where the
 * matrix lives; it serves the transpose and the SpGEMM's column access. */
typedef struct fmt_tile_columns {
  int32_t tile_n;
  int64_t num_tiles;
  fmt_location loc;
  int64_t *col_ptr; /* tile_n + 1 */
  int32_t *row;     /* num_tiles */
  int64_t *tile;    /* num_tiles */
} fmt_tile_columns;

amg_status fmt_tile_columns_create(const fmt_tile *a, fmt_tile_columns **out);
/* The same order read from at = a^T, where a lives (no sort: at's tile row j
 * lists a's tile column j by increasing tile row; one search per tile
 * finds its index in a). AMG_ERR_ARG when at's sizes or tile count are not
 * a^T's; on the host also when a tile of at has no twin in a. On the
 * device at must have a^T's tile pattern: it is not checked there. */
amg_status fmt_tile_columns_from_transpose(const fmt_tile *a, const fmt_tile *at, fmt_tile_columns **out);
void fmt_tile_columns_destroy(fmt_tile_columns *bc);

/* The entries of a whose bits are set in keep (16 masks per tile, a subset of
 * a->mask), values unchanged; tiles left empty are dropped. Host or device.
 * keep may be NULL only when a has no tile. */
amg_status fmt_tile_select(const fmt_tile *a, const uint16_t *keep, fmt_tile **out);
amg_status fmt_tile_select_device(const fmt_tile *a, const uint16_t *keep, fmt_tile **out);

/* ---- Symmetric matrices (host or device: dispatched on the matrix's loc) ---- */
/* *symmetric = 1 when a is square and every stored (i, j) has a stored (j, i)
 * of equal value, else 0. */
amg_status fmt_tile_is_symmetric(const fmt_tile *a, int *symmetric);
/* Where a square host matrix differs from its transpose in value, an entry
 * not stored counting as 0: *found = 1 and *where the first such stored
 * a(row, col), by row then column (0-based); *found = 0 when a equals its
 * transpose in value (its pattern may still differ, by stored zeros). A NaN
 * equals nothing, itself included. */
typedef struct fmt_asymmetry {
  int64_t row, col;
  double value;      /* a(row, col) */
  double mirror;     /* a(col, row); 0 where not stored */
  int mirror_stored;
} fmt_asymmetry;
amg_status fmt_tile_asymmetry(const fmt_tile *a, int *found, fmt_asymmetry *where);
/* C = the symmetric matrix whose upper triangle (diagonal included) is u's.
 * u must be square with no tile below the tile diagonal; entries below the
 * diagonal inside u's diagonal tiles are ignored (a tile they alone fill is
 * dropped). For a product known to be symmetric, of which only the tiles on
 * and above the diagonal were computed. */
amg_status fmt_tile_mirror_upper(const fmt_tile *u, fmt_tile **out);

/* ---- Conversions and transpose, host (CPU reference) ---- */
amg_status fmt_tile_from_csr(const fmt_csr *a, fmt_tile **out);
amg_status fmt_tile_to_csr(const fmt_tile *a, fmt_csr **out);
amg_status fmt_tile_transpose(const fmt_tile *a, fmt_tile **out);

/* ---- Matrix Market ---- */
/* Where a text file's first n bytes show that it is not plain text (a UTF-8
 * byte-order mark; gzip, bzip2, xz, zstd or zip data): what it is and what to
 * do, as a phrase after the file's name ("is gzip-compressed; decompress it
 * first"); else NULL. "BZh" and a digit 1-9 at the start count as bzip2. */
const char *fmt_not_plain_text(const void *start, size_t n);
/* text into out (n bytes) with its control characters (below 0x20, and
 * 0x7f) as \xNN, so that an input's bytes quoted in a message reach no
 * terminal raw; cut where out is full (4 times text's length is room). */
void fmt_show_controls(const char *text, char *out, size_t n);
/* The descriptor that holds path, a FIFO (or a pipe, as /dev/stdin), open
 * for the access wanted (reading, or writing): the one that path names
 * (/dev/stdin, /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N), or
 * for the FIFO's own name stdin (reading) or stdout (writing). -1 where
 * that descriptor does not hold it, or path is no FIFO. */
int fmt_held_fifo(const char *path, int for_writing);
/* fopen(path, "r" or "w"), except that a held FIFO (fmt_held_fifo) is opened
 * without waiting for a program at its other end, which after a finished
 * writer would never come; its reads and writes block as usual. NULL with
 * errno set on failure (ENXIO: a held FIFO for writing that no program
 * reads any more). */
FILE *fmt_open_file(const char *path, int for_writing);
/* An output file being written, removed if its write fails part way. */
typedef struct fmt_output {
  FILE *f;
  const char *path;
  unsigned long long dev, ino; /* the file opened, where regular */
  int regular;
} fmt_output;
/* Opens path for writing ("w"): 0, or -1 with errno from fopen. */
int fmt_output_open(fmt_output *o, const char *path);
/* Closes the output. failed: a write had failed (*err its errno, 0 where
 * unknown); a stream error or a failed close counts too (*err then set
 * from errno). 0 if all went well; else -1, the file removed where it
 * is still the regular file opened (a link, a device or a FIFO is left),
 * and *note the phrase for the message ("; the partial file was removed";
 * "" where nothing needs saying). */
int fmt_output_close(fmt_output *o, int failed, int *err, const char **note);
/* Reads coordinate real/integer/pattern, general or symmetric (expanded),
 * duplicates summed; or array real/integer, general or symmetric (the lower
 * triangle, expanded), zeros off the diagonal not stored. Errors name file:line. */
amg_status fmt_mm_read(const char *path, fmt_csr **out);
/* fmt_mm_read for a linear system's matrix: a size line that is not square,
 * or (coordinate) declares fewer entries than rows (no room for every
 * diagonal entry), is refused at file:line before the O(rows) arrays are
 * allocated. One pass, so a pipe works. */
amg_status fmt_mm_read_system(const char *path, fmt_csr **out);
/* Writes coordinate real general with 17 significant digits. */
amg_status fmt_mm_write(const char *path, const fmt_csr *a);
/* A dense vector of n values into x: a Matrix Market array ("matrix array real
 * general", or integer with integer values; size line "n 1"), an n x 1
 * coordinate matrix (unlisted entries 0; read as fmt_mm_read reads it, in one
 * pass, so from a pipe too), or a plain list of one value per line ('#' and
 * '%' comments). Each value finite, exactly n of
 * them; errors name path:line. */
amg_status fmt_mm_read_vector(const char *path, int32_t n, double *x);
/* x[0 .. n-1] as a Matrix Market array, each value as "%.17g" (read back bit for bit). */
amg_status fmt_mm_write_vector(const char *path, int32_t n, const double *x);

/* ---- Poisson generators, Dirichlet, natural (lexicographic) order ---- */
/* stencil 5 (4,-1) or 9 (8,-1) on n x n; 7 (6,-1) or 27 (26,-1) on n x n x n. */
amg_status fmt_poisson(int stencil, int32_t n, fmt_csr **out);
/* The stencil's dimension: 2 for 5 and 9, 3 for 7 and 27, 0 for anything else. */
int fmt_poisson_dims(int stencil);
/* The largest grid side n whose n^dims rows fit in int32: 46340 (2D), 1290 (3D). */
int32_t fmt_poisson_max_n(int dims);

/* ---- Device (CUDA backend; AMG_ERR_NO_CUDA in a build without it) ---- */
/* Number of usable GPUs (0 when built without CUDA or none is present). */
int fmt_device_count(void);
/* *count = fmt_device_count(), but a driver that is installed and fails
 * (a version mismatch, a device in a bad state), or a GPU that cannot run
 * this build's kernels (CMAKE_CUDA_ARCHITECTURES), is AMG_ERR_CUDA, naming
 * the cause, not "no GPU". No GPU, no driver, or no CUDA build: AMG_OK, 0.
 * With a GPU it creates the CUDA context. */
amg_status fmt_device_probe(int *count);
/* Multiprocessors of the GPU current at the first call (looked up once per
 * process); 1 when it cannot be read, 0 without CUDA. */
int fmt_device_multiprocessors(void);
/* Stream-ordered device allocation on the library's stream; *p = NULL for 0 bytes. */
amg_status fmt_device_alloc(void **p, size_t bytes);
/* Tests: with on, every later device allocation is filled with 0xFF bytes
 * (NaN doubles, -1 integers), so that an entry the code never writes shows
 * instead of a value a freed block happened to hold. Off by default. */
void fmt_device_fill_new(int on);
void fmt_device_free(void *p);
/* Device-to-device copy on the library's stream (asynchronous). */
amg_status fmt_device_copy(void *dst, const void *src, size_t bytes);
/* Waits for all work queued on the library's stream. */
amg_status fmt_device_sync(void);
/* Starts (on) or stops (off) a profiler's collection, for `ncu
 * --profile-from-start off`: it then sees only the work in between. */
void fmt_device_profiler(int on);
/* Loads every kernel of the CUDA sources that name one with FMT_DEVICE_MODULE,
 * so that none is loaded at its first launch (amg_device_init calls it).
 * *modules: the sources' modules; *functions: the kernels in them, each
 * checked loaded; *were_loaded: those of them loaded before the call. A
 * driver without the calls it needs (CUDA 12.4's) loads nothing: AMG_OK, 0. */
amg_status fmt_device_load_modules(int *modules, int64_t *functions, int64_t *were_loaded);
/* The sources linked into this program that named a kernel (0 without CUDA). */
int fmt_device_registered_modules(void);
/* Bytes the library's device pool holds in use now, and the peak since the last reset. */
size_t fmt_device_bytes_in_use(void);
size_t fmt_device_peak_bytes(void);
void fmt_device_reset_peak(void);
/* Bytes the pool holds from the device: in use, or freed and kept for reuse. */
size_t fmt_device_bytes_reserved(void);
/* Waits for the library stream, then gives the pool's unused memory back to
 * the device (AMG_OK with no pool yet, and without CUDA). */
amg_status fmt_device_trim(void);

/* CUDA-event timer on the library stream: start, then stop returns the
 * elapsed milliseconds (stop waits for the stop event). */
typedef struct fmt_timer fmt_timer;
amg_status fmt_timer_create(fmt_timer **t);
void fmt_timer_destroy(fmt_timer *t);
amg_status fmt_timer_start(fmt_timer *t);
amg_status fmt_timer_stop(fmt_timer *t, double *ms);

/* CUDA graphs on the library stream: everything queued between begin and
 * end is recorded (not run); launch replays it. A failed capture leaves the
 * stream usable, so callers can fall back to plain launches. */
typedef struct fmt_graph fmt_graph;
amg_status fmt_graph_begin(void);
amg_status fmt_graph_end(fmt_graph **out);
amg_status fmt_graph_launch(const fmt_graph *g);
void fmt_graph_destroy(fmt_graph *g);
/* Page-locked host memory, for copies that may sit inside a graph. */
amg_status fmt_pinned_alloc(void **p, size_t bytes);
void fmt_pinned_free(void *p);
/* Device-to-host copy queued on the library stream (no wait). */
amg_status fmt_copy_to_host_async(void *dst, const void *src, size_t bytes);

amg_status fmt_csr_upload(const fmt_csr *host, fmt_csr **dev);
amg_status fmt_csr_download(const fmt_csr *dev, fmt_csr **host);
amg_status fmt_tile_upload(const fmt_tile *host, fmt_tile **dev);
amg_status fmt_tile_download(const fmt_tile *dev, fmt_tile **host);
/* GPU conversions and transpose: device in, device out, no host loop over entries. */
amg_status fmt_tile_from_csr_device(const fmt_csr *dev_csr, fmt_tile **dev_tile);
amg_status fmt_tile_to_csr_device(const fmt_tile *dev_tile, fmt_csr **dev_csr);
amg_status fmt_tile_transpose_device(const fmt_tile *dev_a, fmt_tile **dev_at);
/* Device versions of fmt_tile_is_symmetric and fmt_tile_mirror_upper (which dispatch here). */
amg_status fmt_tile_is_symmetric_device(const fmt_tile *dev_a, int *symmetric);
amg_status fmt_tile_mirror_upper_device(const fmt_tile *dev_u, fmt_tile **dev_c);
/* Device tile-column order of a device matrix (fmt_tile_columns_create dispatches here). */
amg_status fmt_tile_columns_create_device(const fmt_tile *dev_a, fmt_tile_columns **out);
amg_status fmt_tile_columns_from_transpose_device(const fmt_tile *a, const fmt_tile *at,
                                                  fmt_tile_columns **out);

#ifdef __cplusplus
}
#endif
#endif
