/* y = A x, r = b - A x and one weighted-Jacobi sweep on the host: the CPU
 * reference of spmv.cu, written as plainly as possible.
 *
 * Row i = 16*ti + r is the concatenation, over the tiles of tile row ti in
 * column order, of each tile's local row r: entries tile_nnz[t] + row_ptr[16t+r]
 * onwards, popcount(mask[16t+r]) of them, columns 16*tile_col[t] + (idx & 15).
 * Each row is summed in that order (increasing column), one product at a
 * time. The run-time choice of device kernel variant (spmv_variants.h) is
 * kept here too, because this file is built with and without CUDA. */
#include "amg_ops.h"
#include "spmv_variants.h"

static int spmv_variant = AMG_SPMV_DEFAULT_VARIANT;

static const char *const variant_names[AMG_SPMV_NUM_VARIANTS] = {"row",    "batch",        "batch-warp",
                                                                 "stream", "stream-block", "list"};

amg_status amg_spmv_set_variant(int variant) {
  if (variant < AMG_SPMV_AUTO || variant >= AMG_SPMV_NUM_VARIANTS)
    return amg_error(AMG_ERR_ARG, "spmv: variant %d is not in %d .. %d", variant, AMG_SPMV_AUTO,
                     AMG_SPMV_NUM_VARIANTS - 1);
  spmv_variant = variant;
  return AMG_OK;
}

int amg_spmv_get_variant(void) { return spmv_variant; }

static int stream_warps_forced = 0;

amg_status amg_spmv_set_stream_warps(int warps) {
  if (warps != 0 && warps != 2 && warps != 4 && warps != 8)
    return amg_error(AMG_ERR_ARG, "spmv: %d warps per tile row; use 0 (the model), 2, 4 or 8", warps);
  stream_warps_forced = warps;
  return AMG_OK;
}

int amg_spmv_get_stream_warps(void) { return stream_warps_forced; }

static int list_slots_forced = 0;

amg_status amg_spmv_set_list_slots(int slots) {
  if (slots != 0 && slots != 6 && slots != 8 && slots != 10)
    return amg_error(AMG_ERR_ARG, "spmv: %d list slots; use 0 (by row length), 6, 8 or 10", slots);
  list_slots_forced = slots;
  return AMG_OK;
}

int amg_spmv_get_list_slots(void) { return list_slots_forced; }

static int batch_form = AMG_SPMV_BATCH_FORM_MODEL;

amg_status amg_spmv_set_batch_form(int form) {
  if (form != AMG_SPMV_BATCH_FORM_MODEL && form != AMG_SPMV_BATCH_FORM_PAIRS &&
      form != AMG_SPMV_BATCH_FORM_MERGED)
    return amg_error(AMG_ERR_ARG, "spmv: batch form %d; use %d (by shape), %d (pairs in turn) or %d (merged)",
                     form, AMG_SPMV_BATCH_FORM_MODEL, AMG_SPMV_BATCH_FORM_PAIRS, AMG_SPMV_BATCH_FORM_MERGED);
  batch_form = form;
  return AMG_OK;
}

int amg_spmv_get_batch_form(void) { return batch_form; }

const char *amg_spmv_variant_name(int variant) {
  if (variant == AMG_SPMV_AUTO)
    return "auto";
  return variant >= 0 && variant < AMG_SPMV_NUM_VARIANTS ? variant_names[variant] : NULL;
}

double amg_spmv_matrix_bytes(const fmt_tile *a, int variant) {
  double rows = (double)a->tile_m, tiles = (double)a->num_tiles, nnz = (double)a->nnz;
  double tile_ptr = 8.0 * (rows + 1);
  switch (variant) {
  case AMG_SPMV_ROW: return tile_ptr + 60.0 * tiles + 8.0 * nnz;
  case AMG_SPMV_BATCH:
  case AMG_SPMV_BATCH_WARP:
  case AMG_SPMV_LIST: return tile_ptr + 8.0 * rows + 36.0 * tiles + 8.0 * nnz;
  case AMG_SPMV_STREAM:
  case AMG_SPMV_STREAM_BLOCK: return tile_ptr + 12.0 * tiles + 9.0 * nnz;
  }
  return -1.0;
}

amg_status amg_spmv_check_args(const char *what, const fmt_tile *a, fmt_location loc, const double *x,
                               const double *out) {
  if (!a || a->loc != loc)
    return amg_error(AMG_ERR_ARG, "%s: need a %s matrix", what, loc == FMT_HOST ? "host" : "device");
  if ((a->n > 0 && !x) || (a->m > 0 && !out))
    return amg_error(AMG_ERR_ARG, "%s: NULL vector for a %d x %d matrix", what, a->m, a->n);
  if (a->m > 0 && a->n > 0 && (const double *)x == out)
    return amg_error(AMG_ERR_ARG, "%s: the output vector must not alias the input x", what);
  return AMG_OK;
}

/* sum_j a_ij x_j over row r of tile row ti, in increasing column order. */
static double row_dot(const fmt_tile *a, int32_t ti, int r, const double *x) {
  double s = 0.0;
  for (int64_t t = a->tile_ptr[ti]; t < a->tile_ptr[ti + 1]; t++) {
    int64_t k = a->tile_nnz[t] + a->row_ptr[FMT_TILE * t + r];
    int64_t end = k + __builtin_popcount(a->mask[FMT_TILE * t + r]);
    for (; k < end; k++)
      s += a->val[k] * x[(int64_t)a->tile_col[t] * FMT_TILE + (a->idx[k] & 0xF)];
  }
  return s;
}

amg_status amg_spmv_host(const fmt_tile *a, const double *x, double *y) {
  amg_status s = amg_spmv_check_args("spmv", a, FMT_HOST, x, y);
  if (s != AMG_OK)
    return s;
  for (int32_t i = 0; i < a->m; i++)
    y[i] = row_dot(a, i / FMT_TILE, i % FMT_TILE, x);
  return AMG_OK;
}

amg_status amg_residual_host(const fmt_tile *a, const double *b, const double *x, double *r) {
  amg_status s = amg_spmv_check_args("residual", a, FMT_HOST, x, r);
  if (s != AMG_OK)
    return s;
  if (a->m > 0 && !b)
    return amg_error(AMG_ERR_ARG, "residual: NULL right-hand side");
  for (int32_t i = 0; i < a->m; i++)
    r[i] = b[i] - row_dot(a, i / FMT_TILE, i % FMT_TILE, x);
  return AMG_OK;
}

amg_status amg_jacobi_host(const fmt_tile *a, const double *dinv, double omega, const double *b,
                           const double *x_in, double *x_out) {
  amg_status s = amg_spmv_check_args("jacobi", a, FMT_HOST, x_in, x_out);
  if (s != AMG_OK)
    return s;
  if (a->m != a->n)
    return amg_error(AMG_ERR_NOT_SQUARE, "jacobi: the matrix is %d x %d", a->m, a->n);
  if (a->m > 0 && (!dinv || !b))
    return amg_error(AMG_ERR_ARG, "jacobi: NULL dinv or right-hand side");
  for (int32_t i = 0; i < a->m; i++)
    x_out[i] = x_in[i] + omega * dinv[i] * (b[i] - row_dot(a, i / FMT_TILE, i % FMT_TILE, x_in));
  return AMG_OK;
}
