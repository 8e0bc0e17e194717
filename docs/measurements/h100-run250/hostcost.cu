// Host-side costs of the CUDA calls a tile product makes (run 250): pool allocation and free,
// a kernel launch, a launch plus cudaGetLastError, a stream sync on an idle stream, and a
// launch followed by a sync; then one tile product (3D 7-point level-1 P^T*A of the model)
// timed by host wall clock and by events.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
#include "formats.h"
#include "spgemm.h"
__global__ void empty_kernel(int *p) { if (p) *p = 1; }
static double now_us() { return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
#define TRY(x) do { amg_status s_ = (x); if (s_ != AMG_OK) { printf("fail %d at %d\n", (int)s_, __LINE__); return 1; } } while (0)
int main() {
  cudaStream_t st; cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking);
  cudaMemPool_t pool; cudaDeviceGetDefaultMemPool(&pool, 0);
  uint64_t keep = UINT64_MAX; cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep);
  const int n = 2000;
  std::vector<void *> ptr(20);
  for (int w = 0; w < 2; w++) {
    cudaStreamSynchronize(st);
    double t0 = now_us();
    for (int i = 0; i < n; i++) { for (int k = 0; k < 20; k++) cudaMallocAsync(&ptr[k], 65536 * (k + 1), st); for (int k = 0; k < 20; k++) cudaFreeAsync(ptr[k], st); }
    double t1 = now_us();
    for (int i = 0; i < n; i++) empty_kernel<<<1, 32, 0, st>>>(nullptr);
    double t2 = now_us();
    for (int i = 0; i < n; i++) { empty_kernel<<<1, 32, 0, st>>>(nullptr); (void)cudaGetLastError(); }
    double t3 = now_us();
    cudaStreamSynchronize(st);
    double t4 = now_us();
    for (int i = 0; i < n; i++) cudaStreamSynchronize(st);
    double t5 = now_us();
    for (int i = 0; i < n; i++) { empty_kernel<<<1, 32, 0, st>>>(nullptr); cudaStreamSynchronize(st); }
    double t6 = now_us();
    printf("round %d: alloc+free %.3f us per pair, launch %.3f us, launch+getlasterror %.3f us, idle sync %.3f us, launch+sync %.3f us\n",
           w, (t1 - t0) / n / 20, (t2 - t1) / n, (t3 - t2) / n, (t5 - t4) / n, (t6 - t5) / n);
  }
  fmt_csr *a = NULL, *p = NULL, *pt = NULL, *ap = NULL, *a1 = NULL, *p1 = NULL, *p1t = NULL;
  int32_t nc = 0, nc1 = 0;
  TRY(fmt_poisson(7, 101, &a));
  TRY(spgemm_structured_prolongator(a, 3, 101, &p, &nc));
  TRY(fmt_csr_transpose(p, &pt));
  TRY(spgemm_csr_reference(a, p, &ap));
  TRY(spgemm_csr_reference(pt, ap, &a1));
  TRY(spgemm_structured_prolongator(a1, 3, nc, &p1, &nc1));
  TRY(fmt_csr_transpose(p1, &p1t));
  fmt_tile *h1 = NULL, *h2 = NULL, *d1 = NULL, *d2 = NULL;
  TRY(fmt_tile_from_csr(p1t, &h1)); TRY(fmt_tile_from_csr(a1, &h2));
  TRY(fmt_tile_upload(h1, &d1)); TRY(fmt_tile_upload(h2, &d2));
  spgemm_tile_options opt = {SPGEMM_DENSE_THRESHOLD, SPGEMM_KERNELS_AUTO, 0, 0, d2, 0, SPGEMM_PASSES_AUTO, 0, SPGEMM_B_LOOKUP_AUTO, 0, 0};
  std::vector<double> host, gpu;
  for (int i = 0; i < 25; i++) {
    fmt_tile *c = NULL;
    spgemm_stats s = {0};
    cudaDeviceSynchronize();
    double t0 = now_us();
    TRY(spgemm_tile_device(d1, d2, &c, &opt, &s));
    double t1 = now_us();
    cudaDeviceSynchronize();
    double t2 = now_us();
    fmt_tile_destroy(c);
    if (i >= 5) { host.push_back(t1 - t0); gpu.push_back(s.product_ms * 1e3); }
    if (i == 24) printf("P^T*A level 1: %lld tiles; host call %.1f us (to idle %.1f), events %.1f us\n", (long long)s.tiles, t1 - t0, t2 - t0, s.product_ms * 1e3);
  }
  std::sort(host.begin(), host.end()); std::sort(gpu.begin(), gpu.end());
  printf("median of 20: host call %.1f us, events %.1f us\n", host[10], gpu[10]);
  return 0;
}
