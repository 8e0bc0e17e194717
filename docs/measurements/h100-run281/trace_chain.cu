// Run 281: the trace of run 254 (h100-run254/trace.cu) for the Galerkin chain (spgemm_tile_chain_device)
// against its two products made one call each. Below, run 254's header.
// Timeline of one tile product (run 254): CUPTI activity records of the runtime API calls (host) and
// of the kernels, memsets and copies (GPU), for the level-0 products that miss 2x. Prints, per product,
// the merged timeline of one traced call and a summary: span, GPU busy, the GPU's idle gaps and the
// host calls made during each. Kept here from gpu_in/trace.cu (runs 254-260). The "gpu" lines (kernel
// records alone) came out distorted, with hundreds of us idle between kernels; the "api" line (runtime
// calls recorded too) agrees with the untraced event times less the kernels' sum, and is the one used.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <functional>
#include <vector>
#include <cupti.h>
#include "formats.h"
#include "spgemm.h"

#define TRY(x) do { amg_status s_ = (x); if (s_ != AMG_OK) { printf("fail %d at %d\n", (int)s_, __LINE__); exit(1); } } while (0)
#define CUPTI(x) do { CUptiResult r_ = (x); if (r_ != CUPTI_SUCCESS) { const char *m_; cuptiGetResultString(r_, &m_); printf("cupti %s at %d\n", m_, __LINE__); exit(1); } } while (0)

struct event { uint64_t start, end; bool gpu; uint32_t corr; std::string name; };
static std::vector<event> events;

static void CUPTIAPI buffer_requested(uint8_t **buf, size_t *size, size_t *max_records) {
  *size = 8 << 20;
  *buf = (uint8_t *)aligned_alloc(8, *size);
  *max_records = 0;
}
static void CUPTIAPI buffer_completed(CUcontext, uint32_t, uint8_t *buf, size_t, size_t valid) {
  CUpti_Activity *rec = NULL;
  while (cuptiActivityGetNextRecord(buf, valid, &rec) == CUPTI_SUCCESS) {
    if (rec->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) {
      CUpti_ActivityKernel10 *k = (CUpti_ActivityKernel10 *)rec;
      std::string n = k->name;
      if (n.size() > 60) n = n.substr(0, 60);
      events.push_back({k->start, k->end, true, k->correlationId, n});
    } else if (rec->kind == CUPTI_ACTIVITY_KIND_MEMSET) {
      CUpti_ActivityMemset4 *m = (CUpti_ActivityMemset4 *)rec;
      events.push_back({m->start, m->end, true, m->correlationId, "[memset]"});
    } else if (rec->kind == CUPTI_ACTIVITY_KIND_MEMCPY) {
      CUpti_ActivityMemcpy6 *m = (CUpti_ActivityMemcpy6 *)rec;
      events.push_back({m->start, m->end, true, m->correlationId, "[memcpy " + std::to_string(m->bytes) + " B]"});
    } else if (rec->kind == CUPTI_ACTIVITY_KIND_RUNTIME) {
      CUpti_ActivityAPI *a = (CUpti_ActivityAPI *)rec;
      const char *n = NULL;
      cuptiGetCallbackName(CUPTI_CB_DOMAIN_RUNTIME_API, a->cbid, &n);
      events.push_back({a->start, a->end, false, a->correlationId, n ? n : "?"});
    }
  }
  free(buf);
}

static void enable(bool api, bool on) {
  CUpti_ActivityKind kinds[] = {CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMSET,
                                CUPTI_ACTIVITY_KIND_MEMCPY, CUPTI_ACTIVITY_KIND_RUNTIME};
  for (int k = 0; k < (api ? 4 : 3); k++)
    CUPTI(on ? cuptiActivityEnable(kinds[k]) : cuptiActivityDisable(kinds[k]));
}

// One traced call: host time from entry to return (h0, h1) on CUPTI's clock; the events sorted.
static void traced_call(const std::function<void()> &call, bool api, uint64_t *h0, uint64_t *h1) {
  events.clear();
  TRY(fmt_device_sync());
  CUPTI(cuptiGetTimestamp(h0));
  call();
  CUPTI(cuptiGetTimestamp(h1));
  TRY(fmt_device_sync());
  CUPTI(cuptiActivityFlushAll(1));
  std::sort(events.begin(), events.end(), [](const event &x, const event &y) { return x.start < y.start; });
}

struct gaps { double host, lead, first_to_last, busy, idle, tail; int count; };

static gaps gpu_gaps(uint64_t h0, uint64_t h1, bool print, const char *label) {
  gaps g = {(h1 - h0) * 1e-3, 0, 0, 0, 0, 0, 0};
  uint64_t first = 0, free_at = 0;
  for (auto &e : events) {
    if (!e.gpu) continue;
    if (!first) first = e.start;
    else if (e.start > free_at) {
      double gap = (e.start - free_at) * 1e-3;
      g.idle += gap;
      if (print && gap > 1.0) {
        printf("  -- GPU idle %.1f us (%.1f-%.1f); host calls:", gap, (free_at - h0) * 1e-3, (e.start - h0) * 1e-3);
        for (auto &h : events)
          if (!h.gpu && h.end > free_at && h.start < e.start) printf(" %s(%.1f)", h.name.c_str(), (h.end - h.start) * 1e-3);
        printf("\n");
      }
    }
    g.busy += (e.end - e.start) * 1e-3;
    free_at = std::max(free_at, e.end);
    g.count++;
  }
  g.lead = (first - h0) * 1e-3;
  g.first_to_last = (free_at - first) * 1e-3;
  g.tail = ((double)free_at - (double)h1) * 1e-3; // > 0: the GPU still ran after the call returned
  if (print) {
    for (auto &e : events)
      printf("  %s %8.1f %8.1f %7.1f  %s [%u]\n", e.gpu ? "GPU " : "host", ((double)e.start - (double)h0) * 1e-3,
             ((double)e.end - (double)h0) * 1e-3, (e.end - e.start) * 1e-3, e.name.c_str(), e.corr);
  }
  printf("  %s %-22s host call %6.1f us, entry->first GPU %5.1f, first->last GPU %6.1f, busy %6.1f, idle inside %5.1f, "
         "GPU after return %5.1f, %d GPU ops\n",
         print ? "api" : "gpu", label, g.host, g.lead, g.first_to_last, g.busy, g.idle, g.tail, g.count);
  return g;
}

// call() queues the work and returns its results to free (after the sync) through done().
static void trace(const char *label, const std::function<void()> &call, const std::function<void()> &done) {
  std::vector<double> ms;
  fmt_timer *t = NULL;
  TRY(fmt_timer_create(&t));
  for (int i = 0; i < 15; i++) {
    double x = 0;
    TRY(fmt_device_sync());
    TRY(fmt_timer_start(t));
    call();
    TRY(fmt_timer_stop(t, &x));
    done();
    TRY(fmt_device_sync());
    if (i >= 5) ms.push_back(x);
  }
  fmt_timer_destroy(t);
  std::sort(ms.begin(), ms.end());
  printf("\n=== %s: events (untraced) median of 10 %.1f us, min %.1f\n", label, ms[5] * 1e3, ms[0] * 1e3);
  uint64_t h0, h1;
  enable(true, true);
  for (int i = 0; i < 4; i++) {  // with the runtime API calls, to see what the host does in each gap
    traced_call(call, true, &h0, &h1);
    done();
    gpu_gaps(h0, h1, i == 3, label);
  }
  enable(true, false);
}

static spgemm_tile_options defaults(int symmetric, const fmt_tile *bt) {
  spgemm_tile_options opt = {SPGEMM_DENSE_THRESHOLD, SPGEMM_KERNELS_AUTO, symmetric, 0, bt, 0, SPGEMM_PASSES_AUTO, 0,
                             SPGEMM_B_LOOKUP_AUTO, 0, 0, 0};
  return opt;
}

struct model { fmt_tile *a, *p, *pt, *ap, *pta; fmt_csr *pt_csr, *ap_csr; };

static fmt_tile *up(const fmt_csr *m) {
  fmt_tile *h = NULL, *d = NULL;
  TRY(fmt_tile_from_csr(m, &h));
  TRY(fmt_tile_upload(h, &d));
  fmt_tile_destroy(h);
  return d;
}

static model build(int stencil, int dims, int n) {
  fmt_csr *a = NULL, *p = NULL, *pt = NULL, *ap = NULL, *pta = NULL;
  int32_t nc = 0;
  TRY(fmt_poisson(stencil, n, &a));
  TRY(spgemm_structured_prolongator(a, dims, n, &p, &nc));
  TRY(fmt_csr_transpose(p, &pt));
  TRY(spgemm_csr_reference(a, p, &ap));
  TRY(spgemm_csr_reference(pt, a, &pta));
  model m = {up(a), up(p), up(pt), up(ap), up(pta), pt, ap};
  return m;
}

int main(int argc, char **argv) {
  CUPTI(cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed));
  int stencil = argc > 1 ? atoi(argv[1]) : 7, sym = argc > 2 ? atoi(argv[2]) : 0;
  model m = stencil == 5 ? build(5, 2, 1024) : build(stencil, 3, 101);
  spgemm_tile_options first = defaults(0, m.pt), second = defaults(sym, NULL);
  fmt_tile *mid = NULL, *out = NULL;
  auto done = [&]() { fmt_tile_destroy(mid); fmt_tile_destroy(out); mid = out = NULL; };
  trace("apart: A*P then P^T*(AP)", [&]() {
    TRY(spgemm_tile_device(m.a, m.p, &mid, &first, NULL));
    TRY(spgemm_tile_device(m.pt, mid, &out, &second, NULL));
  }, done);
  trace("chain P^T(AP)", [&]() { TRY(spgemm_tile_chain_device(m.a, m.p, m.pt, 1, &first, &second, &mid, &out)); },
        done);
  return 0;
}
