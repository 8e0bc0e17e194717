/* Dense direct solve on the coarsest level: device version (CPU reference:
 * coarse_solve.c, which also holds amg_coarse_apply and amg_coarse_destroy;
 * they call amg_coarse_apply_device and amg_coarse_free_device for a solver
 * whose loc is FMT_DEVICE).
 *
 * Create (once per hierarchy; it synchronises, apply does not):
 *   1. scatter_lower_kernel, one thread per (tile, local row): W[i + j*n] =
 *      a_ij for the stored entries with j <= i, into a zeroed column-major
 *      n x n array W; only the lower triangle is read, as on the host. The
 *      smallest row*n + col of a non-finite stored entry (either triangle)
 *      goes to flags[0] by integer atomicMin, so the entry named is the
 *      host's: the first in (row, column) order.
 *   2. cusolverDnDpotrf (lower) turns W into L. devInfo = i > 0 means the
 *      leading minor of order i is not positive: 0-based pivot i - 1, the one
 *      the host names (same recurrence in exact arithmetic).
 *   3. X = I, then cusolverDnDpotrs solves A X = I: X = A^-1, column-major.
 *   4. W = X^T over L (no longer needed): A^-1 row-major, the one array kept.
 * Apply, x = A^-1 b: gemv_kernel, one warp per row i. Lane l sums
 * inv[i][j] * b[j] over j = l, l+32, l+64, ... in increasing j (one fma
 * chain), then the xor-shuffle tree with offsets 16, 8, 4, 2, 1 adds the
 * lanes; every x_i is the same fixed-order sum on every run, with no atomics.
 * Apply allocates nothing and never waits for the device, so it can be
 * captured in a CUDA graph. b and x must be distinct arrays.
 *
 * Cost: create holds 2 n^2 doubles (2 x 128 MiB at n = 4096) plus cuSOLVER's
 * workspace, and keeps n^2. Apply reads n^2 doubles once (floor: 8 n^2 bytes
 * / memory bandwidth, about 40 us at n = 4096 on an H100 SXM). */
#include <cusolverDn.h>
#include <stdlib.h>

#include "amg_ops.h"
#include "coarse_solve_internal.h"
#include "device_util.cuh"


#define WARP 32
#define THREADS 256
/* What memset(0x7F) leaves in an int: "no non-finite entry seen". */
#define NO_BAD_ENTRY 0x7F7F7F7F
static_assert((long long)AMG_COARSE_DENSE_MAX * AMG_COARSE_DENSE_MAX < NO_BAD_ENTRY,
              "row * n + col must stay below the sentinel");

static cusolverDnHandle_t library_handle;

#define CUSOLVER_GOTO(call, s, label)                                                              \
  do {                                                                                             \
    cusolverStatus_t st_ = (call);                                                                 \
    if (st_ != CUSOLVER_STATUS_SUCCESS) {                                                          \
      (void)cudaGetLastError(); /* what cuSOLVER left pending is this failure, not a later call's */ \
      (s) = amg_error(st_ == CUSOLVER_STATUS_ALLOC_FAILED ? AMG_ERR_DEVICE_NOMEM : AMG_ERR_CUDA,   \
                      "%s:%d: %s: cuSOLVER status %d", __FILE__, __LINE__, #call, (int)st_);       \
      goto label;                                                                                  \
    }                                                                                              \
  } while (0)

/* The library's cuSOLVER handle, created once, its work queued on fmt_stream(). */
static amg_status solver_handle(cusolverDnHandle_t *h) {
  amg_status s = AMG_OK;
  cusolverDnHandle_t fresh = NULL;
  if (library_handle)
    goto done;
  CUSOLVER_GOTO(cusolverDnCreate(&fresh), s, done);
  CUSOLVER_GOTO(cusolverDnSetStream(fresh, fmt_stream()), s, done);
  library_handle = fresh;
  fresh = NULL;
done:
  if (fresh)
    cusolverDnDestroy(fresh);
  *h = library_handle;
  return s;
}

/* Creates the handle and factorises a few sizes: CUDA loads each kernel at
 * its first launch, and cuSOLVER picks kernels by size (the first
 * factorisation in a new size class cost 11-13 ms on the H100 for 401 and
 * 529 rows; 0.6-0.9 ms once loaded). The sizes span the default coarse
 * sizes (up to 500 rows) and some above; a 1089-row factorisation still
 * loaded new kernels after these (10.5 ms once, run 22). */
extern "C" amg_status amg_coarse_device_init(void) {
  static const int32_t grid[] = {10, 12, 17, 20, 23, 26, 34};
  cusolverDnHandle_t h;
  amg_status s = solver_handle(&h);
  for (size_t k = 0; k < sizeof grid / sizeof *grid && s == AMG_OK; k++) {
    fmt_csr *small = NULL;
    fmt_tile *host = NULL, *dev = NULL;
    amg_coarse_solver *cs = NULL;
    s = fmt_poisson(5, grid[k], &small);
    if (s == AMG_OK)
      s = fmt_tile_from_csr(small, &host);
    if (s == AMG_OK)
      s = fmt_tile_upload(host, &dev);
    if (s == AMG_OK)
      s = amg_coarse_create_device(dev, &cs);
    amg_coarse_destroy(cs);
    fmt_tile_destroy(dev);
    fmt_tile_destroy(host);
    fmt_csr_destroy(small);
  }
  return s;
}

/* w[i + j*n] = a_ij for stored j <= i; *first_bad = min row*n + col of a
 * non-finite stored entry. One thread per (tile t, local row r). */
static __global__ void scatter_lower_kernel(int32_t n, int32_t tile_m, int64_t num_tiles,
                                            const int64_t *tile_ptr, const int32_t *tile_col,
                                            const int64_t *tile_nnz, const uint8_t *t_row_ptr,
                                            const uint16_t *mask, const uint8_t *idx,
                                            const double *val, double *w, int *first_bad) {
  int64_t u = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (u >= FMT_TILE * num_tiles)
    return;
  int64_t t = u / FMT_TILE;
  int32_t r = (int32_t)(u % FMT_TILE);
  int32_t i = fmt_tile_row_of(tile_ptr, tile_m, t) * FMT_TILE + r;
  int64_t src = tile_nnz[t] + t_row_ptr[FMT_TILE * t + r];
  int len = __popc(mask[FMT_TILE * t + r]);
  for (int k = 0; k < len; k++) {
    int32_t j = tile_col[t] * FMT_TILE + (idx[src + k] & 0xF);
    double v = val[src + k];
    if (!isfinite(v))
      atomicMin(first_bad, i * n + j);
    if (j <= i)
      w[i + (size_t)j * n] = v;
  }
}

/* x[i + i*n] = 1 (the rest of x is zeroed before). */
static __global__ void identity_diagonal_kernel(int32_t n, double *x) {
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i + i * n] = 1.0;
}

/* out[i*n + j] = in[i + j*n]: column-major to row-major. One thread per
 * element in the input's order (coalesced reads, strided writes: once per
 * setup, n^2 <= 16.8M elements). */
static __global__ void transpose_kernel(int32_t n, const double *in, double *out) {
  int64_t e = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= (int64_t)n * n)
    return;
  int64_t i = e % n, j = e / n;
  out[i * n + j] = in[e];
}

/* x = inv b, inv row-major n x n; one warp per row (see the file comment). */
static __global__ void __launch_bounds__(THREADS)
    gemv_kernel(int32_t n, const double *__restrict__ inv, const double *__restrict__ b,
                double *__restrict__ x) {
  int64_t row = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / WARP;
  int lane = (int)(threadIdx.x % WARP);
  if (row >= n) /* the same for all lanes of a warp: whole warps leave */
    return;
  const double *a = inv + row * n;
  double sum = 0.0;
#pragma unroll 4
  for (int32_t j = lane; j < n; j += WARP)
    sum = fma(a[j], b[j], sum);
  for (int offset = WARP / 2; offset > 0; offset /= 2)
    sum += __shfl_xor_sync(0xFFFFFFFFu, sum, offset);
  if (lane == 0)
    x[row] = sum;
}

/* flags: [0] first non-finite entry (row*n + col) or NO_BAD_ENTRY, [1] potrf's devInfo. */
static amg_status check_factorisation(int32_t n, const int *flags) {
  if (flags[0] != NO_BAD_ENTRY)
    return amg_error(AMG_ERR_NONFINITE, "coarse solve: entry (%d, %d) (1-based %d, %d) is not finite",
                     flags[0] / n, flags[0] % n, flags[0] / n + 1, flags[0] % n + 1);
  if (flags[1] > 0)
    return amg_error(AMG_ERR_SINGULAR,
                     "coarse solve: matrix is not positive definite (pivot of row %d (1-based %d); "
                     "cusolverDnDpotrf info %d)",
                     flags[1] - 1, flags[1], flags[1]);
  if (flags[1] < 0)
    return amg_error(AMG_ERR_ARG, "coarse solve: cusolverDnDpotrf rejected its argument %d",
                     -flags[1]);
  return AMG_OK;
}

extern "C" amg_status amg_coarse_create_device(const fmt_tile *a, amg_coarse_solver **out) {
  if (!out)
    return amg_error(AMG_ERR_ARG, "coarse_create_device: out is NULL");
  *out = NULL;
  amg_status s = amg_coarse_check_matrix(a, FMT_DEVICE, "coarse_create_device");
  if (s != AMG_OK)
    return s;
  const int32_t n = a->n;
  const size_t nn = (size_t)n * n;
  const cublasFillMode_t lower = CUBLAS_FILL_MODE_LOWER;
  cudaStream_t stream = NULL;
  cusolverDnHandle_t h = NULL;
  double *w = NULL, *x = NULL, *work = NULL;
  int *flags = NULL; /* [0] first non-finite entry, [1] potrf info, [2] potrs info */
  int host_flags[3] = {NO_BAD_ENTRY, 0, 0};
  int lwork = 0;
  amg_coarse_solver *cs = (amg_coarse_solver *)calloc(1, sizeof *cs);
  if (!cs)
    return amg_error(AMG_ERR_NOMEM, "coarse_create_device: out of host memory");
  cs->loc = FMT_DEVICE;
  cs->n = n;
  if (n == 0)
    goto done;
  AMG_TRY_GOTO(fmt_device_alloc((void **)&w, nn * sizeof *w), s, done);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&x, nn * sizeof *x), s, done);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&flags, 3 * sizeof *flags), s, done);
  AMG_TRY_GOTO(solver_handle(&h), s, done);
  stream = fmt_stream();

  /* 1. W = lower triangle of A (column-major); flags[0] = first non-finite entry. */
  AMG_CUDA_GOTO(cudaMemsetAsync(w, 0, nn * sizeof *w, stream), s, done);
  AMG_CUDA_GOTO(cudaMemsetAsync(flags, 0x7F, 3 * sizeof *flags, stream), s, done);
  if (a->num_tiles > 0) {
    scatter_lower_kernel<<<fmt_blocks(a->num_tiles, FMT_TILE, THREADS), THREADS, 0, stream>>>(
        n, a->tile_m, a->num_tiles, a->tile_ptr, a->tile_col, a->tile_nnz, a->row_ptr, a->mask,
        a->idx, a->val, w, flags);
    AMG_LAUNCH_GOTO(s, done);
  }

  /* 2. W = L, A = L L^T; devInfo to flags[1]. */
  CUSOLVER_GOTO(cusolverDnDpotrf_bufferSize(h, lower, n, w, n, &lwork), s, done);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&work, (size_t)lwork * sizeof *work), s, done);
  CUSOLVER_GOTO(cusolverDnDpotrf(h, lower, n, w, n, work, lwork, flags + 1), s, done);
  AMG_CUDA_GOTO(cudaMemcpyAsync(host_flags, flags, 2 * sizeof *flags, cudaMemcpyDeviceToHost, stream),
                s, done);
  AMG_TRY_GOTO(fmt_device_sync(), s, done);
  AMG_TRY_GOTO(check_factorisation(n, host_flags), s, done);

  /* 3. X = I, then X = A^-1 (column-major); devInfo to flags[2]. */
  AMG_CUDA_GOTO(cudaMemsetAsync(x, 0, nn * sizeof *x, stream), s, done);
  identity_diagonal_kernel<<<fmt_blocks(n, 1, THREADS), THREADS, 0, stream>>>(n, x);
  AMG_LAUNCH_GOTO(s, done);
  CUSOLVER_GOTO(cusolverDnDpotrs(h, lower, n, n, w, n, x, n, flags + 2), s, done);

  /* 4. W = X^T: the row-major inverse, over L. */
  transpose_kernel<<<fmt_blocks((int64_t)nn, 1, THREADS), THREADS, 0, stream>>>(n, x, w);
  AMG_LAUNCH_GOTO(s, done);
  AMG_CUDA_GOTO(cudaMemcpyAsync(host_flags + 2, flags + 2, sizeof *flags, cudaMemcpyDeviceToHost,
                                stream),
                s, done);
  AMG_TRY_GOTO(fmt_device_sync(), s, done);
  if (host_flags[2] != 0) {
    s = amg_error(AMG_ERR_ARG, "coarse solve: cusolverDnDpotrs rejected its argument %d",
                  -host_flags[2]);
    goto done;
  }
  cs->inverse = w;
  w = NULL;
done:
  fmt_device_free(w);
  fmt_device_free(x);
  fmt_device_free(work);
  fmt_device_free(flags);
  if (s == AMG_OK) {
    *out = cs;
  } else {
    fmt_device_free(cs->inverse);
    free(cs);
  }
  return s;
}

extern "C" amg_status amg_coarse_apply_device(const amg_coarse_solver *cs, const double *b, double *x) {
  if (!cs || cs->loc != FMT_DEVICE)
    return amg_error(AMG_ERR_ARG, "coarse_apply_device: need a device solver");
  int32_t n = cs->n;
  if (n == 0)
    return AMG_OK;
  if (!b || !x)
    return amg_error(AMG_ERR_ARG, "coarse_apply: b or x is NULL");
  if (b == x)
    return amg_error(AMG_ERR_ARG, "coarse_apply: x must not be the same array as b");
  gemv_kernel<<<fmt_blocks(n, WARP, THREADS), THREADS, 0, fmt_stream()>>>(n, cs->inverse, b, x);
  AMG_CUDA_TRY(cudaGetLastError());
  return AMG_OK;
}

extern "C" void amg_coarse_free_device(amg_coarse_solver *cs) {
  if (!cs)
    return;
  fmt_device_free(cs->inverse);
  cs->inverse = NULL;
}

FMT_DEVICE_MODULE(scatter_lower_kernel);
