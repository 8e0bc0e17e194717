/* Sparse matrix-matrix products C = A*B. Prefix: spgemm_.
 *
 * Two CPU references (the test oracles) and, in a CUDA build, the GPU tiled
 * product and the cuSPARSE baseline behind one interface.
 * All products are structural: C's pattern is every (i, j) with some stored
 * a_ik and b_kj, whatever the values (numerical cancellation keeps an entry).
 * The tiled product drops only tiles with no structural entry. */
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

/* Intermediate products of A*B (sum over stored a_ik of nnz(B row k));
 * the flop count is twice this. Host matrices. */
int64_t spgemm_csr_products(const fmt_csr *a, const fmt_csr *b);
int64_t spgemm_tile_products(const fmt_tile *a, const fmt_tile *b);

#ifdef __cplusplus
}
#endif
#endif
