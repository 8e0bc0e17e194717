/* MIS-2 aggregation on the device (CPU reference: aggregate_mis2.c).
 *
 * A half-warp per tile row, lane r for node i = 16 ti + r, so the 16 lanes
 * read the tile list together (tile_col[t] is one broadcast load,
 * smask[16t + 0..15] one coalesced load) and each walks the set bits of its
 * own row mask; a diagonal bit, should one be set, is ignored, as on the
 * host. On coarse levels, whose few tile rows hold many tiles each, G = 2,
 * 4 or 8 half-warps share a tile row (fmt_workers_per_row), taking every
 * G-th tile; their partial results (a max, a min, an OR) are combined in
 * shared memory. Those reductions do not depend on order, so the result is
 * the same for every G.
 *
 * States (one byte): OUT, UNDECIDED, IN are the key ranks 0, 1, 2; ISOLATED
 * (no neighbour) has rank 0 and never changes. Keys are not stored: key(j) =
 * rank << 62 | amg_priority(j ^ salt) << 31 | j is recomputed from the state
 * (the round's salt: amg_mis2_salt).
 * Each round is two kernels: m1 from the previous states, then m2 and the
 * next states into the other state buffer (so both read the previous round
 * only), counting the nodes left undecided with one atomicAdd per warp. The
 * host loop reads that count (one small sync per round) and stops at zero;
 * the count must fall every round (the undecided node of largest key always
 * decides), else the loop stops with an error instead of spinning.
 * Then an exclusive scan of the root flags (over n + 1 items, so item n is
 * the root count) numbers the roots; pass 1 writes agg1, pass 2 reads agg1
 * only and writes agg. Statistics: integer atomicAdd of aggregate sizes, then
 * CUB min/max/sum. All decisions are integer and order-free, so the result
 * is bitwise that of the host. */
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "amg_ops.h"
#include "device_util.cuh"

#define AGG_THREADS 256 /* a multiple of 32: warps are full, tile rows never straddle blocks */

enum : uint8_t { NODE_OUT = 0, NODE_UNDECIDED = 1, NODE_IN = 2, NODE_ISOLATED = 3 };

namespace { /* file-local types: no clash with a same-named type elsewhere in template names */

/* What the kernels need of A and the strength mask. */
struct strength_graph {
  int32_t n;
  const int64_t *tile_ptr;
  const int32_t *tile_col;
  const uint16_t *smask;
};

/* 1 for a root, over 0 .. n (item n is 0, so the scan's item n is the count). */
struct root_flag {
  const uint8_t *state;
  int32_t n;
  __host__ __device__ int32_t operator()(int64_t i) const {
    return i < n && state[i] == NODE_IN ? 1 : 0;
  }
};

/* Where a thread sits: node i (valid when i < n) and its part (0 .. G-1)
 * of the tile row's tiles. */
struct node_slot {
  int64_t i;
  int part;
};
struct max_op {
  template <typename T> __device__ T operator()(T a, T b) const { return a > b ? a : b; }
};
struct min_op {
  template <typename T> __device__ T operator()(T a, T b) const { return a < b ? a : b; }
};

} // namespace

template <int G>
static __device__ __forceinline__ node_slot my_node() {
  int h = threadIdx.x >> 4;
  int64_t tile_row = (int64_t)blockIdx.x * (AGG_THREADS / 16 / G) + h / G;
  return node_slot{tile_row * 16 + (threadIdx.x & 15), h % G};
}

/* v combined (op: max or min) over the G half-warps of a tile row; each of
 * them gets the result. Every thread of the block must call it when G > 1. */
template <int G, typename T, typename Op>
static __device__ __forceinline__ T combine_parts(T v, Op op) {
  if constexpr (G == 1) {
    return v;
  } else {
    __shared__ T part_value[AGG_THREADS];
    part_value[threadIdx.x] = v;
    __syncthreads();
    int first = (threadIdx.x & ~(16 * G - 1)) | (threadIdx.x & 15);
    T out = part_value[first];
#pragma unroll
    for (int p = 1; p < G; p++)
      out = op(out, part_value[first + 16 * p]);
    __syncthreads(); /* the array is reused by the next call */
    return out;
  }
}
/* Calls f(j) for each strong neighbour j of node i in the tiles of part
 * `part` of its tile row (every G-th tile), in increasing order. */
template <int G, typename F>
static __device__ __forceinline__ void for_each_neighbour(const strength_graph &g, int32_t i, int part, F f) {
  int32_t ti = i >> 4;
  int r = i & 15;
  int64_t end = g.tile_ptr[ti + 1];
  for (int64_t t = g.tile_ptr[ti] + part; t < end; t += G) {
    int32_t tc = g.tile_col[t];
    unsigned bits = g.smask[FMT_TILE * t + r];
    if (tc == ti)
      bits &= ~(1u << r);
    while (bits) {
      int c = __ffs(bits) - 1;
      bits &= bits - 1;
      f(FMT_TILE * tc + c);
    }
  }
}

static __device__ __forceinline__ uint64_t node_key(int32_t j, uint8_t state, uint32_t salt) {
  uint64_t rank = state == NODE_ISOLATED ? 0 : state;
  return rank << 62 | (uint64_t)amg_priority((uint32_t)j ^ salt) << 31 | (uint64_t)j;
}

/* Adds the warp's count of true pred to *counter. Every lane of the warp
 * must call it (kernels that use it never return early). */
static __device__ __forceinline__ void warp_count(bool pred, int32_t *counter) {
  unsigned votes = __ballot_sync(0xFFFFFFFFu, pred);
  if ((threadIdx.x & 31) == 0 && votes)
    atomicAdd(counter, __popc(votes));
}

template <int G>
static __global__ void init_kernel(strength_graph g, uint8_t *state, int32_t *undecided) {
  node_slot me = my_node<G>();
  bool active = me.i < g.n;
  int connected = 0;
  if (active)
    for_each_neighbour<G>(g, (int32_t)me.i, me.part, [&](int32_t) { connected = 1; });
  connected = combine_parts<G>(connected, max_op{});
  if (active && me.part == 0)
    state[me.i] = connected ? NODE_UNDECIDED : NODE_ISOLATED;
  warp_count(connected && active && me.part == 0, undecided);
}

/* m1(i) = max key over i and its neighbours. */
template <int G>
static __global__ void max_key_kernel(strength_graph g, const uint8_t *state, uint32_t salt, uint64_t *m1) {
  node_slot me = my_node<G>();
  bool active = me.i < g.n;
  uint64_t m = 0;
  if (active) {
    m = node_key((int32_t)me.i, state[me.i], salt);
    for_each_neighbour<G>(g, (int32_t)me.i, me.part, [&](int32_t j) {
      uint64_t k = node_key(j, state[j], salt);
      m = k > m ? k : m;
    });
  }
  m = combine_parts<G>(m, max_op{});
  if (active && me.part == 0)
    m1[me.i] = m;
}

/* m2(i) = max m1 over i and its neighbours; an undecided i joins (m2 is its
 * own key), leaves (m2 has rank 2) or stays undecided. */
template <int G>
static __global__ void decide_kernel(strength_graph g, const uint8_t *state, const uint64_t *m1, uint32_t salt,
                                     uint8_t *next, int32_t *undecided) {
  node_slot me = my_node<G>();
  uint8_t s = me.i < g.n ? state[me.i] : NODE_OUT;
  /* s is the same in all parts of a node, so they agree on whether to walk
   * (and every thread reaches combine_parts either way). */
  uint64_t m2 = 0;
  if (s == NODE_UNDECIDED) {
    m2 = m1[me.i];
    for_each_neighbour<G>(g, (int32_t)me.i, me.part, [&](int32_t j) { m2 = m1[j] > m2 ? m1[j] : m2; });
  }
  m2 = combine_parts<G>(m2, max_op{});
  bool left = false;
  if (s == NODE_UNDECIDED) {
    if (m2 == node_key((int32_t)me.i, NODE_UNDECIDED, salt))
      s = NODE_IN;
    else if (m2 >> 62 == NODE_IN)
      s = NODE_OUT;
    left = s == NODE_UNDECIDED;
  }
  if (me.i < g.n && me.part == 0)
    next[me.i] = s;
  warp_count(left && me.part == 0, undecided);
}

/* Pass 1: a root takes its own number, an OUT node that of its smallest root neighbour. */
template <int G>
static __global__ void pass1_kernel(strength_graph g, const uint8_t *state, const int32_t *root_id,
                                    int32_t *agg1) {
  node_slot me = my_node<G>();
  uint8_t s = me.i < g.n ? state[me.i] : NODE_ISOLATED;
  int32_t best = INT32_MAX;
  if (s == NODE_OUT)
    for_each_neighbour<G>(g, (int32_t)me.i, me.part, [&](int32_t j) {
      if (state[j] == NODE_IN && j < best)
        best = j;
    });
  best = combine_parts<G>(best, min_op{});
  if (me.i >= g.n || me.part != 0)
    return;
  agg1[me.i] = s == NODE_IN ? root_id[me.i] : (s == NODE_OUT && best != INT32_MAX) ? root_id[best] : -1;
}

/* Pass 2, reading pass 1 only: an unassigned non-isolated node joins its
 * assigned neighbour of largest (priority, index). */
template <int G>
static __global__ void pass2_kernel(strength_graph g, const uint8_t *state, const int32_t *agg1,
                                    int32_t *agg) {
  node_slot me = my_node<G>();
  int32_t a = me.i < g.n ? agg1[me.i] : 0;
  bool search = me.i < g.n && a < 0 && state[me.i] != NODE_ISOLATED;
  int64_t best = -1; /* (priority << 31) | j of the best assigned neighbour */
  if (search)
    for_each_neighbour<G>(g, (int32_t)me.i, me.part, [&](int32_t j) {
      int64_t pj = (int64_t)amg_priority((uint32_t)j) << 31 | j;
      if (agg1[j] >= 0 && pj > best)
        best = pj;
    });
  best = combine_parts<G>(best, max_op{});
  if (me.i >= g.n || me.part != 0)
    return;
  agg[me.i] = search && best >= 0 ? agg1[best & INT32_MAX] : a;
}

/* root_id[i] = roots among 0 .. i-1, for i = 0 .. n (root_id[n] = the count). */
static amg_status number_roots(const uint8_t *state, int32_t n, int32_t *root_id) {
  auto flags = thrust::make_transform_iterator(thrust::counting_iterator<int64_t>(0),
                                               root_flag{state, n});
  return fmt_cub(
      [&](void *tmp, size_t &bytes) {
        return cub::DeviceScan::ExclusiveSum(tmp, bytes, flags, root_id, (int64_t)n + 1,
                                             fmt_stream());
      },
      "cub::DeviceScan::ExclusiveSum(root flags)");
}

/* out[0], out[1], out[2] (device) = min, max, sum of size[0 .. count-1], count > 0. */
static amg_status size_range(const int32_t *size, int32_t count, int32_t *out) {
  amg_status s = fmt_cub(
      [&](void *tmp, size_t &bytes) {
        return cub::DeviceReduce::Min(tmp, bytes, size, out, count, fmt_stream());
      },
      "cub::DeviceReduce::Min(aggregate sizes)");
  if (s == AMG_OK)
    s = fmt_cub(
        [&](void *tmp, size_t &bytes) {
          return cub::DeviceReduce::Max(tmp, bytes, size, out + 1, count, fmt_stream());
        },
        "cub::DeviceReduce::Max(aggregate sizes)");
  if (s == AMG_OK)
    s = fmt_cub(
        [&](void *tmp, size_t &bytes) {
          return cub::DeviceReduce::Sum(tmp, bytes, size, out + 2, count, fmt_stream());
        },
        "cub::DeviceReduce::Sum(aggregate sizes)");
  return s;
}

/* Copies one device int32 to the host and waits. */
static amg_status read_int(const int32_t *src, int32_t *dst) {
  return fmt_copy(dst, FMT_HOST, src, FMT_DEVICE, sizeof *dst);
}

/* The whole aggregation with G half-warps per tile row. */
template <int G>
static amg_status aggregate(const fmt_tile *a, strength_graph g, int32_t *agg, amg_aggregate_stats *st) {
  int32_t n = g.n;
  unsigned blocks = fmt_blocks(a->tile_m, 16 * G, AGG_THREADS);
  uint8_t *state = NULL, *next = NULL;
  uint64_t *m1 = NULL;
  int32_t *root_id = NULL, *agg1 = NULL, *size = NULL, *scalar = NULL;
  int32_t undecided = 0, count = 0, rounds = 0, result[3] = {0, 0, 0}; /* min, max, sum */
  amg_status s = AMG_OK;
  AMG_TRY_GOTO(fmt_device_alloc((void **)&state, (size_t)n), s, done);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&next, (size_t)n), s, done);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&m1, (size_t)n * sizeof *m1), s, done);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&root_id, ((size_t)n + 1) * sizeof *root_id), s, done);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&agg1, (size_t)n * sizeof *agg1), s, done);
  AMG_TRY_GOTO(fmt_device_alloc((void **)&scalar, 4 * sizeof *scalar), s, done);

  /* scalar[0]: undecided count; scalar[1..3]: min, max, sum of aggregate sizes */
  AMG_CUDA_GOTO(cudaMemsetAsync(scalar, 0, 4 * sizeof *scalar, fmt_stream()), s, done);
  init_kernel<G><<<blocks, AGG_THREADS, 0, fmt_stream()>>>(g, state, scalar);
  AMG_LAUNCH_GOTO(s, done);
  AMG_TRY_GOTO(read_int(scalar, &undecided), s, done);
  while (undecided > 0) {
    int32_t left = 0;
    uint32_t salt = amg_mis2_salt(rounds);
    max_key_kernel<G><<<blocks, AGG_THREADS, 0, fmt_stream()>>>(g, state, salt, m1);
    AMG_LAUNCH_GOTO(s, done);
    AMG_CUDA_GOTO(cudaMemsetAsync(scalar, 0, sizeof *scalar, fmt_stream()), s, done);
    decide_kernel<G><<<blocks, AGG_THREADS, 0, fmt_stream()>>>(g, state, m1, salt, next, scalar);
    AMG_LAUNCH_GOTO(s, done);
    uint8_t *swap = state;
    state = next;
    next = swap;
    rounds++;
    AMG_TRY_GOTO(read_int(scalar, &left), s, done);
    if (left >= undecided) {
      s = amg_error(AMG_ERR_NOT_CONVERGED,
                    "aggregate_device: MIS-2 round %d left %d of %d nodes undecided (a bug)",
                    rounds, left, undecided);
      goto done;
    }
    undecided = left;
  }

  AMG_TRY_GOTO(number_roots(state, n, root_id), s, done);
  AMG_TRY_GOTO(read_int(root_id + n, &count), s, done);
  pass1_kernel<G><<<blocks, AGG_THREADS, 0, fmt_stream()>>>(g, state, root_id, agg1);
  AMG_LAUNCH_GOTO(s, done);
  pass2_kernel<G><<<blocks, AGG_THREADS, 0, fmt_stream()>>>(g, state, agg1, agg);
  AMG_LAUNCH_GOTO(s, done);

  if (count > 0) {
    AMG_TRY_GOTO(fmt_device_alloc((void **)&size, (size_t)count * sizeof *size), s, done);
    AMG_TRY_GOTO(amg_aggregate_sizes_device(agg, n, count, NULL, size), s, done);
    AMG_TRY_GOTO(size_range(size, count, scalar + 1), s, done);
    AMG_CUDA_GOTO(cudaMemcpyAsync(result, scalar + 1, sizeof result, cudaMemcpyDeviceToHost,
                                  fmt_stream()),
                  s, done);
  }
  AMG_CUDA_GOTO(cudaStreamSynchronize(fmt_stream()), s, done);
  st->count = count;
  st->isolated = n - result[2];
  st->min_size = result[0];
  st->max_size = result[1];
  st->mean_size = count > 0 ? (double)result[2] / count : 0.0;
  st->rounds = rounds;
done:
  fmt_device_free(state);
  fmt_device_free(next);
  fmt_device_free(m1);
  fmt_device_free(root_id);
  fmt_device_free(agg1);
  fmt_device_free(size);
  fmt_device_free(scalar);
  return s;
}

extern "C" amg_status amg_aggregate_device(const fmt_tile *a, const uint16_t *smask, int32_t *agg,
                                           amg_aggregate_stats *st) {
  amg_status s = amg_aggregate_check_args(a, smask, agg, st, FMT_DEVICE, "aggregate_device");
  if (s != AMG_OK)
    return s;
  int32_t n = a->m;
  if (n == 0)
    return AMG_OK;
  strength_graph g = {n, a->tile_ptr, a->tile_col, smask};
  int64_t tiles_per_row = (a->num_tiles + a->tile_m - 1) / a->tile_m;
  int parts = amg_aggregate_get_parts();
  if (parts == 0)
    parts = fmt_workers_per_row(a->tile_m, tiles_per_row, fmt_half_warp_slots(), 8);
  switch (parts) {
  case 1: return aggregate<1>(a, g, agg, st);
  case 2: return aggregate<2>(a, g, agg, st);
  case 4: return aggregate<4>(a, g, agg, st);
  default: return aggregate<8>(a, g, agg, st);
  }
}

FMT_DEVICE_MODULE(init_kernel<1>);
