/* Shared test helpers: failure counting checks, a seeded generator, random
 * and structured test matrices, and CSR comparison with a stated tolerance. */
#ifndef TEST_UTIL_H
#define TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>

#include "formats.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exit code CTest reads as "skipped" (SKIP_RETURN_CODE). */
#define TEST_SKIP 77

extern int test_failures;

/* Records a failure with file:line and the message; the test goes on. */
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      test_failures++;                                                                             \
      fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond);                     \
      fprintf(stderr, __VA_ARGS__);                                                                \
      fputc('\n', stderr);                                                                         \
    }                                                                                              \
  } while (0)

/* Requires AMG_OK; prints the library's message otherwise. */
#define CHECK_OK(expr)                                                                             \
  do {                                                                                             \
    amg_status test_s_ = (expr);                                                                   \
    CHECK(test_s_ == AMG_OK, "%s returned %s: %s", #expr, amg_status_name(test_s_),                \
          amg_error_message());                                                                    \
  } while (0)

/* Requires a specific failure status and a message mentioning `needle`. */
void test_expect_error(amg_status got, amg_status want, const char *needle, const char *file,
                       int line, const char *what);
#define CHECK_ERROR(expr, want, needle)                                                            \
  test_expect_error((expr), (want), (needle), __FILE__, __LINE__, #expr)

/* Prints a summary and returns the process exit code. */
int test_finish(const char *name);

/* Exits with TEST_SKIP when no GPU can run the test (or CUDA is not built),
 * with 1 when a driver is installed but fails (fmt_device_probe) or when
 * AMG_REQUIRE_GPU is set and there is no GPU; else fills every later device allocation with 0xFF bytes
 * (fmt_device_fill_new). */
void test_require_device(const char *name);

/* splitmix64: fixed seeds give the same matrices everywhere. */
typedef struct test_rng { uint64_t state; } test_rng;
uint64_t test_rng_next(test_rng *r);
double test_rng_uniform(test_rng *r); /* [0, 1) */

/* Random m x n CSR, each entry present with probability density, values in
 * [-1, 1). Rows in skip_rows_mod (if > 0) with i % skip_rows_mod == 0 and
 * columns with j % skip_cols_mod == 0 are left empty. */
fmt_csr *test_random_csr(int32_t m, int32_t n, double density, uint64_t seed, int skip_rows_mod,
                         int skip_cols_mod);

/* Random m x n CSR with up to per_row entries per row at random columns
 * (duplicates merged), for large sparse shapes. */
fmt_csr *test_random_csr_rows(int32_t m, int32_t n, int per_row, uint64_t seed);

/* A host CSR from hand-written arrays (copied); row_ptr has m + 1 entries.
 * NULL if it cannot be allocated. */
fmt_csr *test_csr_from(int32_t m, int32_t n, const int64_t *row_ptr, const int32_t *col, const double *val);

/* m x n CSR whose 16x16 blocks listed as full are completely dense and all
 * others empty: block (bi, bj) is full when (bi * 7 + bj * 3) % 4 == 0. */
fmt_csr *test_full_tiles_csr(int32_t m, int32_t n, uint64_t seed);

/* The foundation's test matrices, all built from fixed seeds: random
 * rectangular sizes that are not multiples of 16, empty rows, columns and
 * tiles, completely full tiles, tiny and empty shapes, and the four Poisson
 * stencils at small n. Returns NULL past the end (TEST_MATRICES of them),
 * and where a generator failed, after counting a test failure; *name
 * describes it. */
#define TEST_MATRICES 12
fmt_csr *test_matrix(int i, const char **name);

/* Symmetric matrices (each equal to its transpose, bitwise) built from fixed
 * seeds: Poisson stencils with partial edge tiles and random SPD ones.
 * Returns NULL past the end (TEST_SYMMETRIC_MATRICES of them), or as
 * test_matrix does where a generator failed; *name describes it. */
#define TEST_SYMMETRIC_MATRICES 7
fmt_csr *test_symmetric_matrix(int i, const char **name);

/* a's entries in tiles on and above the tile diagonal; with junk, the entries
 * below the diagonal inside diagonal tiles get the value -7 (which
 * fmt_tile_mirror_upper must ignore). */
fmt_csr *test_upper_tiles(const fmt_csr *a, int junk);

/* Runs check(A, B, what) on the products every SpGEMM is tested on: for each
 * test_matrix A, A*A^T, A^T*A, A*A when square, and A*P with a random
 * tall-thin P. */
typedef void (*test_product_check)(const fmt_csr *a, const fmt_csr *b, const char *what);
void test_each_product(test_product_check check);
/* The same for the symmetric products among them: A*A^T and A^T*A. */
void test_each_symmetric_product(test_product_check check);

/* Pattern must match exactly; values within |a-b| <= atol + rtol*|b|.
 * Prints the first few mismatches. Returns 1 when equal. */
int test_csr_equal(const fmt_csr *a, const fmt_csr *b, double rtol, double atol, const char *what);

/* Pattern exact; values |a_ij - b_ij| <= rtol * max_k |b_ik| (relative to the
 * row's size, the yardstick for operators whose entries cancel). */
int test_csr_close_rows(const fmt_csr *a, const fmt_csr *b, double rtol, const char *what);

/* Host CSR copy of a tile matrix on either side. */
fmt_csr *test_tile_to_host_csr(const fmt_tile *a);

/* CSR of the dense row-major m x n array d: its nonzeros, or with
 * lower_only those with col <= row. */
fmt_csr *test_csr_from_dense(int32_t m, int32_t n, const double *d, int lower_only);

/* Dense row-major B B^T + n I (malloc'd), B with entries in [-1, 1) present
 * with probability density: symmetric positive definite. */
double *test_random_spd_dense(int32_t n, double density, uint64_t seed);

/* Equality of two host tile matrices' structure: sizes, tiles, tile_nnz,
 * masks, row_ptr and idx (all but the values). */
int test_tile_same_structure(const fmt_tile *a, const fmt_tile *b);
/* Bitwise equality of two host tile matrices (all arrays). */
int test_tile_identical(const fmt_tile *a, const fmt_tile *b);
/* Equality of two host tile-column orders (all arrays). */
int test_columns_identical(const fmt_tile_columns *x, const fmt_tile_columns *y);

#ifdef __cplusplus
}
#endif
#endif
