/* Inputs and checks shared by the host and GPU coarse-solve tests. */
#ifndef COARSE_INPUTS_H
#define COARSE_INPUTS_H

#include <stdint.h>

#include "formats.h"

/* v[0..n) uniform in [-1, 1) from a fixed seed. */
void random_vector(int32_t n, uint64_t seed, double *v);

/* ||b - A x|| / ||b|| (||b - A x|| when b = 0), from the CSR. */
double relative_residual(const fmt_csr *a, const double *b, const double *x);

/* n x n diagonal CSR with diag (or 1 + i % 3 when diag is NULL). */
fmt_csr *diagonal_csr(int32_t n, const double *diag);

/* Sets a_ij (which must be stored) to v. */
void set_entry(fmt_csr *a, int32_t i, int32_t j, double v);

/* check(A, lower, seed, name) on the SPD test matrices: random B B^T + n I
 * (sizes not multiples of 16, dense and sparse B; lower is A's lower
 * triangle) and small Poisson matrices (lower NULL). with_larger adds a
 * 1000-row random and a 961-row Poisson case. */
typedef void (*coarse_check)(const fmt_csr *a, const fmt_csr *lower, uint64_t seed,
                             const char *name);
void coarse_each_spd(coarse_check check, int with_larger);

#endif
