/* Step 2 on the GPU (CPU reference: tile_symbolic.c).
 *
 * One or more half-warps per candidate tile (tile_match.cuh), lane r of each
 * half = row r: for every matched pair (A_ik, B_kj), mask_C[r] |= mask_B[c] for each
 * set bit c of mask_A[r]. Only masks are read; each lane owns its row, so no
 * atomics. A scan over
 * (tile kept?, tile nnz) sizes C; the one host sync reads the totals; a
 * compaction writes C's tile arrays, masks, row_ptr and idx for the
 * non-empty tiles only (C never stores an empty tile). */
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "spgemm_device.cuh"
#include "tile_match.cuh"

struct count_of_candidate {
  const int32_t *nnz;
  __host__ __device__ fmt_tile_count operator()(int64_t u) const {
    return fmt_tile_count{nnz[u] > 0 ? 1 : 0, nnz[u]};
  }
};

#define SYM_THREADS 256
#define SYM_HALF_WARPS (SYM_THREADS / 16)
#define SYM_BATCH 8 /* pairs per half-warp whose masks are loaded together */

/* S half-warps per candidate tile u (see tile_match.cuh), lane r of each
 * half = row r. For a batch of matched pairs, lane r loads mask_A[r] of each
 * of its half's pairs and stages mask_B[r] in shared memory (all loads
 * independent), then ORs mask_B[c] over the set bits c of its mask_A[r]. The
 * group's partial masks are ORed at the end. */
template <int LANES>
static __global__ void __launch_bounds__(SYM_THREADS)
    symbolic_kernel(int64_t num_cand, int group, const int32_t *cand_row, const int32_t *cand_col,
                    const int64_t *a_tile_ptr, const int32_t *a_tile_col, const uint16_t *a_mask,
                    const int64_t *bc_col_ptr, const int32_t *bc_row, const int64_t *bc_tile,
                    const uint16_t *b_mask, uint16_t *cand_mask, int32_t *cand_nnz) {
  __shared__ uint16_t staged_all[SYM_HALF_WARPS][SYM_BATCH][16];
  __shared__ unsigned partial[SYM_HALF_WARPS][16];
  int hw = threadIdx.x >> 4, r = threadIdx.x & 15, sh = hw & (group - 1);
  int64_t u = (int64_t)blockIdx.x * (SYM_HALF_WARPS / group) + hw / group;
  unsigned members = spgemm_members<LANES>(), acc = 0;
  bool active = u < num_cand;
  if (active) {
    uint16_t(*staged)[16] = staged_all[hw];
    spgemm_lists l = spgemm_make_lists(a_tile_ptr, a_tile_col, bc_col_ptr, bc_row, bc_tile,
                                       cand_row[u], cand_col[u]);
    int32_t chunks = (l.length() + LANES - 1) / LANES, stride = LANES == 32 ? group / 2 : 1;
    for (int32_t chunk = LANES == 32 ? sh / 2 : 0; chunk < chunks; chunk += stride) {
      int32_t pa, pb;
      unsigned hits = spgemm_chunk_pairs<LANES>(l, chunk, &pa, &pb);
      while (hits) {
        int src[SYM_BATCH];
        unsigned am[SYM_BATCH];
        spgemm_take_batch<SYM_BATCH, LANES>(&hits, src);
#pragma unroll
        for (int g = 0; g < SYM_BATCH; g++) {
          int from = src[g] < 0 ? 0 : src[g];
          int32_t qa = __shfl_sync(members, pa, from, LANES), qb = __shfl_sync(members, pb, from, LANES);
          am[g] = 0;
          if (src[g] >= 0) {
            am[g] = a_mask[FMT_TILE * qa + r];
            staged[g][r] = b_mask[FMT_TILE * qb + r];
          }
        }
        __syncwarp(members);
#pragma unroll
        for (int g = 0; g < SYM_BATCH; g++)
          for (unsigned bits = am[g]; bits; bits &= bits - 1)
            acc |= staged[g][__ffs(bits) - 1];
        __syncwarp(members);
      }
    }
  }
  if (group > 1) {
    partial[hw][r] = acc;
    __syncthreads();
    if (active && sh == 0) /* the group is half-warps hw .. hw + group - 1 */
      for (int k = 1; k < group; k++)
        acc |= partial[hw + k][r];
  }
  if (active && sh == 0) {
    int total;
    (void)fmt_half_warp_exclusive_sum(__popc(acc), &total);
    cand_mask[FMT_TILE * u + r] = (uint16_t)acc;
    if (r == 0)
      cand_nnz[u] = total;
  }
}

/* Half-warp per candidate u: a kept tile goes to position scan[u].tiles with
 * entries from scan[u].nnz. Threads g <= tile_m also set tile_ptr[g]. */
static __global__ void compact_kernel(int64_t num_cand, int32_t tile_m, const int64_t *cand_ptr,
                                      const int32_t *cand_col, const int32_t *cand_row,
                                      const uint16_t *cand_mask, const int32_t *cand_nnz,
                                      const fmt_tile_count *scan, fmt_tile_count total, int64_t *tile_ptr,
                                      int32_t *tile_col, int64_t *tile_nnz, uint16_t *mask,
                                      uint8_t *row_ptr, uint8_t *idx, int32_t *c_row) {
  int64_t g = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  fmt_compact_pointers(g, tile_m, cand_ptr, scan, total, tile_ptr, tile_nnz);
  int64_t u = g >> 4;
  if (u >= num_cand || cand_nnz[u] == 0)
    return; /* whole half-warp */
  int r = threadIdx.x & 15;
  int64_t t = scan[u].tiles, base = scan[u].nnz;
  unsigned bits = cand_mask[FMT_TILE * u + r];
  int total_here;
  int start = fmt_half_warp_exclusive_sum(__popc(bits), &total_here);
  mask[FMT_TILE * t + r] = (uint16_t)bits;
  row_ptr[FMT_TILE * t + r] = (uint8_t)start;
  for (int64_t k = base + start; bits; bits &= bits - 1, k++)
    idx[k] = (uint8_t)((r << 4) | (__ffs(bits) - 1));
  if (r == 0) {
    tile_col[t] = cand_col[u];
    tile_nnz[t] = base;
    c_row[t] = cand_row[u];
  }
}

amg_status spgemm_symbolic_device(const fmt_tile *a, const fmt_tile_columns *bc, const fmt_tile *b,
                                  const int64_t *cand_ptr, const int32_t *cand_col,
                                  const int32_t *cand_row, int64_t num_cand, fmt_tile **out,
                                  int32_t **c_row_out) {
  *out = NULL;
  *c_row_out = NULL;
  uint16_t *cand_mask = NULL;
  int32_t *cand_nnz = NULL, *c_row = NULL;
  fmt_tile_count *scan = NULL, total = {0, 0};
  fmt_tile *c = NULL;
  amg_status s = AMG_OK;
  AMG_TRY_GOTO(fmt_device_alloc((void **)&cand_mask, (size_t)(FMT_TILE * num_cand) * sizeof *cand_mask),
               s, done);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&cand_nnz, (size_t)num_cand * sizeof *cand_nnz), s, done);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&scan, (size_t)(num_cand + 1) * sizeof *scan), s, done);
  if (num_cand > 0) {
    int group = spgemm_half_warps_per_tile(num_cand, spgemm_mean_list(a, b), spgemm_half_warp_slots());
    unsigned blocks = (unsigned)((num_cand + SYM_HALF_WARPS / group - 1) / (SYM_HALF_WARPS / group));
    if (group == 1)
      symbolic_kernel<16><<<blocks, SYM_THREADS, 0, fmt_stream()>>>(
          num_cand, group, cand_row, cand_col, a->tile_ptr, a->tile_col, a->mask, bc->col_ptr,
          bc->row, bc->tile, b->mask, cand_mask, cand_nnz);
    else
      symbolic_kernel<32><<<blocks, SYM_THREADS, 0, fmt_stream()>>>(
          num_cand, group, cand_row, cand_col, a->tile_ptr, a->tile_col, a->mask, bc->col_ptr,
          bc->row, bc->tile, b->mask, cand_mask, cand_nnz);
    AMG_LAUNCH_GOTO(s, done);
  }
  {
    auto counts = thrust::make_transform_iterator(thrust::counting_iterator<int64_t>(0),
                                                  count_of_candidate{cand_nnz});
    AMG_TRY_GOTO(fmt_scan_tile_counts(counts, num_cand, scan, &total, "cub::DeviceScan::InclusiveScan(tile counts)"),
                 s, done);
  }
  AMG_TRY_GOTO(fmt_tile_create(a->m, b->n, total.tiles, total.nnz, FMT_DEVICE, &c), s, done);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&c_row, (size_t)total.tiles * sizeof *c_row), s, done);
  {
    int64_t threads = fmt_compact_threads(num_cand, a->tile_m);
    compact_kernel<<<fmt_blocks(threads, 1, 256), 256, 0, fmt_stream()>>>(
        num_cand, a->tile_m, cand_ptr, cand_col, cand_row, cand_mask, cand_nnz, scan, total,
        c->tile_ptr, c->tile_col, c->tile_nnz, c->mask, c->row_ptr, c->idx, c_row);
    AMG_LAUNCH_GOTO(s, done);
  }
done:
  fmt_device_free(cand_mask);
  fmt_device_free(cand_nnz);
  fmt_device_free(scan);
  if (s == AMG_OK) {
    *out = c;
    *c_row_out = c_row;
  } else {
    fmt_tile_destroy(c);
    fmt_device_free(c_row);
  }
  return s;
}
