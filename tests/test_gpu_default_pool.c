/* The GPU backend leaves CUDA's default memory pool as the application has
 * it: the library allocates from a pool of its own (device_memory.cu), so
 * the default pool's release threshold is the same after an initialisation,
 * a setup, a solve, a destroy and a trim as before them. The old code set
 * it to the maximum, for every cudaMallocAsync of the process. */
#include <cuda_runtime_api.h>
#include <stdint.h>
#include <stdlib.h>

#include "amg.h"
#include "test_util.h"

static uint64_t default_pool_threshold(void) {
  int dev = 0;
  cudaMemPool_t pool;
  uint64_t v = 0;
  CHECK(cudaGetDevice(&dev) == cudaSuccess && cudaDeviceGetDefaultMemPool(&pool, dev) == cudaSuccess &&
            cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &v) == cudaSuccess,
        "querying CUDA's default memory pool failed");
  return v;
}

int main(void) {
  test_require_device("test_gpu_default_pool");
  uint64_t before = default_pool_threshold();
  CHECK_OK(amg_device_init(NULL));
  fmt_csr *a = NULL;
  amg_hierarchy *h = NULL;
  CHECK_OK(fmt_poisson(7, 20, &a));
  double *b = a ? calloc((size_t)a->m, sizeof *b) : NULL, *x = a ? calloc((size_t)a->m, sizeof *x) : NULL;
  if (a && b && x) {
    amg_options o;
    amg_options_default(&o);
    o.backend = AMG_BACKEND_GPU;
    for (int32_t i = 0; i < a->m; i++)
      b[i] = 1.0;
    CHECK_OK(amg_setup(a, &o, &h));
    amg_solve_report rep;
    if (h) {
      CHECK_OK(amg_solve(h, b, x, &rep));
      amg_solve_report_free(&rep);
    }
    amg_hierarchy_destroy(h);
    CHECK_OK(amg_device_trim());
  }
  uint64_t after = default_pool_threshold();
  CHECK(after == before, "CUDA's default pool: release threshold %llu before the library's work, %llu after",
        (unsigned long long)before, (unsigned long long)after);
  free(b);
  free(x);
  fmt_csr_destroy(a);
  return test_finish("test_gpu_default_pool");
}
