/* The innermost step shared by the numeric kernels (tile_numeric.cu and
 * tile_numeric_rows.cu): row r of one pair product A_ik * B_kj added into
 * lane r's accumulator slots. */
#ifndef SPGEMM_TILE_ACCUMULATE_CUH
#define SPGEMM_TILE_ACCUMULATE_CUH

#include "device_util.cuh"

/* Row r of B tile tb as staged in shared memory: mask in the low 16 bits,
 * the row's first entry (row_ptr) in the high 16. */
static __device__ __forceinline__ uint32_t spgemm_stage_b_row(const uint16_t *b_mask, const uint8_t *b_row_ptr,
                                                              int64_t tb, int r) {
  return (uint32_t)b_mask[FMT_TILE * tb + r] | ((uint32_t)b_row_ptr[FMT_TILE * tb + r] << 16);
}

/* a * B(c, :), B's row c staged as packed (mask, and the row's first
 * entry, whose value is *b), added into row: C column col goes to slot
 * col ^ r when dense, else to slot popcount(mask_c below col) (C's row r
 * mask). */
static __device__ __forceinline__ void spgemm_add_b_row(double a, uint32_t packed, const double *b, bool dense, int r,
                                                        unsigned mask_c, double *row) {
  for (unsigned bits_b = packed & 0xFFFFu; bits_b; bits_b &= bits_b - 1, b++) {
    unsigned below = (bits_b - 1) & ~bits_b; /* the columns below this entry's */
    int slot = dense ? __popc(below) ^ r : __popc(mask_c & below);
    row[slot] += a * *b;
  }
}

/* For each entry a = A(r, c) (mask am, values from a_val[ka]) in stored
 * order, adds a * B(c, :) (row c staged in staged_b[c], values from
 * b_val[kb0 + row start]) into row's sparse slots (C's row r mask mask_c),
 * as spgemm_add_b_row. The row kernel's step (its slots are always
 * sparse). */
static __device__ __forceinline__ void spgemm_add_pair(unsigned am, int64_t ka, const uint32_t *staged_b,
                                                       int64_t kb0, int r, unsigned mask_c, const double *a_val,
                                                       const double *b_val, double *row) {
  for (unsigned bits_a = am; bits_a; bits_a &= bits_a - 1, ka++) {
    double a = a_val[ka];
    uint32_t packed = staged_b[__ffs(bits_a) - 1];
    spgemm_add_b_row(a, packed, b_val + kb0 + (packed >> 16), false, r, mask_c, row);
  }
}

/* The two pairs of a batch (am[g], ka[g], kb0[g] and B's rows staged at
 * staged[16 g ..], as for spgemm_add_pair) as one list per lane: row r's
 * entries of pair 0, then of pair 1. Each lane adds in the same order as
 * two calls of spgemm_add_pair would, so the sums are bitwise the same; the
 * half-warp steps through max over lanes of popc(am[0]) + popc(am[1])
 * entries instead of the sum of the two maxima. A CPU model of the second
 * Galerkin products gave 25-30% fewer steps; their time fell 3.7-9.1%
 * (docs/spgemm_notes.md items 52-53). */
static __device__ __forceinline__ void spgemm_add_pair2(const unsigned *am, const int64_t *ka, const uint32_t *staged,
                                                        const int64_t *kb0, bool dense, int r, unsigned mask_c,
                                                        const double *a_val, const double *b_val, double *row,
                                                        unsigned *touched = nullptr) {
  int64_t k0 = ka[0], k1 = ka[1];
  for (unsigned bits = am[0] | (am[1] << 16); bits; bits &= bits - 1) {
    int bit = __ffs(bits) - 1;
    bool second = bit >= 16;
    double a = a_val[second ? k1++ : k0++];
    uint32_t packed = staged[bit];
    if (touched)
      *touched |= packed & 0xFFFFu;
    spgemm_add_b_row(a, packed, b_val + (second ? kb0[1] : kb0[0]) + (packed >> 16), dense, r, mask_c, row);
  }
}

#endif
