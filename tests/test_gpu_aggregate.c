/* GPU MIS-2 aggregation against the host reference. Both follow the same
 * synchronous rounds, so agg must be bitwise identical and the statistics
 * (rounds included) equal; two GPU runs must be identical too. The output
 * array is filled with a sentinel first, so an entry the GPU never writes
 * shows. Inputs: the host test's kinds (the four Poisson stencils, random
 * symmetric graphs, strength subsets with isolated nodes, tiny shapes) and
 * larger ones: 3D 27-point n=30, 2D 5-point n=300, random symmetric graphs
 * of 100k nodes. The near-null-space split over the aggregates is checked
 * against the host bitwise too. */
#include <stdlib.h>
#include <string.h>

#include "aggregate_inputs.h"
#include "amg_ops.h"
#include "test_util.h"

/* ---- device int32 arrays through the library's CSR transfers ---- */

/* n device int32s, each = fill: the col array of a 0 x 0 "CSR" with n entries. */
static fmt_csr *device_ints(int32_t n, int32_t fill) {
  fmt_csr *h = NULL, *d = NULL;
  if (fmt_csr_create(0, 0, n, FMT_HOST, &h) != AMG_OK)
    return NULL;
  h->row_ptr[0] = 0;
  for (int32_t k = 0; k < n; k++) {
    h->col[k] = fill;
    h->val[k] = 0.0;
  }
  CHECK_OK(fmt_csr_upload(h, &d));
  fmt_csr_destroy(h);
  return d;
}

static int stats_equal(const amg_aggregate_stats *x, const amg_aggregate_stats *y) {
  return x->count == y->count && x->isolated == y->isolated && x->min_size == y->min_size &&
         x->max_size == y->max_size && x->mean_size == y->mean_size && x->rounds == y->rounds;
}

static void print_stats(const char *who, const amg_aggregate_stats *s) {
  fprintf(stderr, "  %s: count %d isolated %d size %d..%d mean %.17g rounds %d\n", who, s->count,
          s->isolated, s->min_size, s->max_size, s->mean_size, s->rounds);
}

/* Host agg vs the device result in box (downloaded here); 1 when identical. */
static int same_agg(const int32_t *ref, const fmt_csr *box, int32_t n, const char *what) {
  fmt_csr *h = NULL;
  CHECK_OK(fmt_csr_download(box, &h));
  if (!h)
    return 0;
  int32_t bad = 0, first = -1;
  for (int32_t i = 0; i < n; i++)
    if (h->col[i] != ref[i] && bad++ == 0)
      first = i;
  if (bad)
    fprintf(stderr, "%s: %d of %d entries differ, first at node %d: %d (host %d)\n", what, bad, n,
            first, h->col[first], ref[first]);
  fmt_csr_destroy(h);
  return bad == 0;
}

/* The near-null-space split over the host aggregates (weights all ones,
 * and random in 1..100): wc and tval from the device bitwise equal to the
 * host's. */
static void check_nullspace(const int32_t *agg, int32_t n, int32_t count, const char *what) {
  int32_t *w = malloc(((size_t)n + 1) * sizeof *w), *wc = malloc(((size_t)count + 1) * sizeof *wc);
  int32_t *got_wc = malloc(((size_t)count + 1) * sizeof *got_wc);
  double *tval = malloc(((size_t)n + 1) * sizeof *tval), *got_tval = malloc(((size_t)n + 1) * sizeof *got_tval);
  int32_t *dev_agg = NULL, *dev_w = NULL, *dev_wc = NULL;
  double *dev_tval = NULL;
  test_rng rng = {(uint64_t)n * 31 + (uint64_t)count};
  for (int32_t i = 0; i < n; i++)
    w[i] = 1 + (int32_t)(100 * test_rng_uniform(&rng));
  CHECK_OK(fmt_alloc((void **)&dev_agg, n + 1, sizeof *dev_agg, FMT_DEVICE));
  CHECK_OK(fmt_alloc((void **)&dev_w, n + 1, sizeof *dev_w, FMT_DEVICE));
  CHECK_OK(fmt_alloc((void **)&dev_wc, count + 1, sizeof *dev_wc, FMT_DEVICE));
  CHECK_OK(fmt_alloc((void **)&dev_tval, n + 1, sizeof *dev_tval, FMT_DEVICE));
  CHECK_OK(fmt_copy(dev_agg, FMT_DEVICE, agg, FMT_HOST, (size_t)n * sizeof *agg));
  CHECK_OK(fmt_copy(dev_w, FMT_DEVICE, w, FMT_HOST, (size_t)n * sizeof *w));
  for (int pass = 0; pass < 2; pass++) {
    CHECK_OK(amg_nullspace_coarsen_host(agg, pass ? w : NULL, n, count, wc, tval));
    CHECK_OK(amg_nullspace_coarsen_device(dev_agg, pass ? dev_w : NULL, n, count, dev_wc, dev_tval));
    CHECK_OK(fmt_copy(got_wc, FMT_HOST, dev_wc, FMT_DEVICE, (size_t)count * sizeof *wc));
    CHECK_OK(fmt_copy(got_tval, FMT_HOST, dev_tval, FMT_DEVICE, (size_t)n * sizeof *tval));
    CHECK(!memcmp(wc, got_wc, (size_t)count * sizeof *wc) && !memcmp(tval, got_tval, (size_t)n * sizeof *tval),
          "%s: near-null space (weights %s): device differs from the host", what, pass ? "random" : "ones");
  }
  fmt_free(dev_agg, FMT_DEVICE);
  fmt_free(dev_w, FMT_DEVICE);
  fmt_free(dev_wc, FMT_DEVICE);
  fmt_free(dev_tval, FMT_DEVICE);
  free(w);
  free(wc);
  free(got_wc);
  free(tval);
  free(got_tval);
}

static void check_case(const fmt_csr *csr, keep_rule rule, const char *name) {
  char what[160];
  snprintf(what, sizeof what, "%s, %s", name, keep_rule_name[rule]);
  fmt_tile *a = NULL, *dev_a = NULL, *dev_s = NULL;
  fmt_csr *box = NULL, *box2 = NULL;
  uint16_t *smask = NULL;
  int32_t *ref = NULL;
  CHECK_OK(fmt_tile_from_csr(csr, &a));
  if (!a)
    return;
  int32_t n = a->m;
  smask = strength_mask(a, rule);
  ref = malloc(((size_t)n + 1) * sizeof *ref);
  amg_aggregate_stats host_st, dev_st, dev_st2;
  CHECK_OK(amg_aggregate_host(a, smask, ref, &host_st));
  fmt_tile with_smask = *a; /* uploads smask as the device copy's mask array */
  with_smask.mask = smask;
  CHECK_OK(fmt_tile_upload(a, &dev_a));
  CHECK_OK(fmt_tile_upload(&with_smask, &dev_s));
  box = device_ints(n, -7);
  box2 = device_ints(n, -9);
  if (!dev_a || !dev_s || !box || !box2)
    goto done;
  amg_status s = amg_aggregate_device(dev_a, dev_s->mask, box->col, &dev_st);
  CHECK(s == AMG_OK, "%s: device: %s: %s", what, amg_status_name(s), amg_error_message());
  if (s != AMG_OK)
    goto done;
  CHECK(same_agg(ref, box, n, what), "%s: device agg differs from the host", what);
  check_nullspace(ref, n, host_st.count, what);
  if (!stats_equal(&dev_st, &host_st)) {
    CHECK(0, "%s: device stats differ from the host", what);
    print_stats("device", &dev_st);
    print_stats("host", &host_st);
  }
  CHECK_OK(amg_aggregate_device(dev_a, dev_s->mask, box2->col, &dev_st2));
  CHECK(same_agg(ref, box2, n, what), "%s: second device run differs", what);
  CHECK(stats_equal(&dev_st, &dev_st2), "%s: second device run gives other stats", what);
  /* Every split of a tile row over half-warps gives the host's aggregates. */
  for (int parts = 1; parts <= 8; parts *= 2) {
    CHECK_OK(amg_aggregate_set_parts(parts));
    CHECK_OK(amg_aggregate_device(dev_a, dev_s->mask, box2->col, &dev_st2));
    CHECK(same_agg(ref, box2, n, what), "%s: device agg with %d half-warps per tile row differs", what, parts);
    CHECK(stats_equal(&dev_st, &dev_st2), "%s: %d half-warps per tile row give other stats", what, parts);
  }
  CHECK_OK(amg_aggregate_set_parts(0));
done:
  fmt_tile_destroy(a);
  fmt_tile_destroy(dev_a);
  fmt_tile_destroy(dev_s);
  fmt_csr_destroy(box);
  fmt_csr_destroy(box2);
  free(smask);
  free(ref);
}

static void check_arguments(void) {
  fmt_csr *rect = test_random_csr(37, 53, 0.15, 11, 0, 0);
  fmt_tile *r = NULL, *dev_r = NULL;
  fmt_csr *box = device_ints(64, 0);
  CHECK_OK(fmt_tile_from_csr(rect, &r));
  if (r)
    CHECK_OK(fmt_tile_upload(r, &dev_r));
  amg_aggregate_stats st;
  if (dev_r && box) {
    CHECK_ERROR(amg_aggregate_device(dev_r, dev_r->mask, box->col, &st), AMG_ERR_ARG, "not square");
    CHECK_ERROR(amg_aggregate_device(dev_r, dev_r->mask, box->col, NULL), AMG_ERR_ARG, "NULL");
    CHECK_ERROR(amg_aggregate_device(dev_r, NULL, box->col, &st), AMG_ERR_ARG, "NULL");
    CHECK_ERROR(amg_aggregate_host(dev_r, dev_r->mask, box->col, &st), AMG_ERR_ARG, "host matrix");
  }
  fmt_csr_destroy(rect);
  fmt_csr_destroy(box);
  fmt_tile_destroy(r);
  fmt_tile_destroy(dev_r);
}

/* amg_coupled_device on a coupled_case, against the case's construction. */
static void check_coupled(const fmt_tile *t, int expect, const char *name) {
  int coupled = -1;
  fmt_tile *dev = NULL;
  CHECK_OK(fmt_tile_upload(t, &dev));
  if (dev) {
    CHECK_OK(amg_coupled_device(dev, &coupled));
    CHECK(coupled == expect, "coupled on the device, %s: %d, expected %d", name, coupled, expect);
    CHECK_ERROR(amg_coupled_device(t, &coupled), AMG_ERR_ARG, "device matrix");
  }
  fmt_tile_destroy(dev);
}

int main(void) {
  test_require_device("test_gpu_aggregate");
  static const aggregate_poisson poisson[] = {
      {5, 30}, {9, 30}, {7, 10}, {27, 8}, {27, 30}, {5, 300}, {7, 40}};
  static const aggregate_random rnd[] = {
      {500, 750, 500, "random symmetric n=500, 750 edges anywhere"},
      {1000, 400, 1000, "random symmetric n=1000, 400 edges (many isolated)"},
      {777, 3000, 40, "random symmetric n=777, 3000 edges within 40"},
      {17, 12, 17, "random symmetric n=17 (partial tile)"},
      {1, 0, 1, "1x1"},
      {100000, 200000, 100000, "random symmetric n=100000, 200000 edges anywhere"},
      {100003, 400000, 300, "random symmetric n=100003, 400000 edges within 300"},
      {100000, 40000, 100000, "random symmetric n=100000, 40000 edges (many isolated)"},
  };
  aggregate_each_case(check_case, poisson, sizeof poisson / sizeof *poisson, rnd, sizeof rnd / sizeof *rnd,
                      2000);
  check_arguments();
  coupled_each_case(check_coupled);
  return test_finish("test_gpu_aggregate");
}
