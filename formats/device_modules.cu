/* Loading every kernel of the libraries up front.
 *
 * CUDA loads a kernel lazily, at its first launch (CUDA_MODULE_LOADING=LAZY,
 * the default since 12.2), which cost the first setup of a process 1.5-7 ms
 * on the H200 (runs 338-342): the large grids take kernels that
 * amg_device_init's small warm-up problems never launch. Each CUDA source
 * names one of its kernels with FMT_DEVICE_MODULE (device_util.cuh); here
 * every function of each such module is loaded, CUB's included. Loading
 * all modules at start instead (CUDA_MODULE_LOADING=EAGER) took 2.6-3.3 s,
 * cuSPARSE's and cuSOLVER's kernels included. */
#include <cuda.h>
#include <cudaTypedefs.h>
#include <stdlib.h>

#include "cuda_check.cuh"
#include "device_util.cuh"

/* Room for one kernel per CUDA source of formats/, spgemm/ and solver/
 * (35 today); a registration past it makes the loading fail, naming it. */
#define MAX_MODULES 128

static const void *registered[MAX_MODULES];
static int registered_count, registered_lost;

extern "C" int fmt_device_register_module(const void *kernel) {
  if (registered_count < MAX_MODULES)
    registered[registered_count++] = kernel;
  else
    registered_lost++;
  return registered_count;
}

/* The driver calls, through the runtime's entry points (no link to libcuda). */
typedef struct driver_calls {
  PFN_cuFuncGetModule_v11000 func_get_module;
  PFN_cuModuleGetFunctionCount_v12040 function_count;
  PFN_cuModuleEnumerateFunctions_v12040 enumerate;
  PFN_cuFuncLoad_v12040 load;
  PFN_cuFuncIsLoaded_v12040 is_loaded;
} driver_calls;

/* 1 where the driver has the call (CUDA `version` or later), 0 where not. */
static int entry_point(const char *name, unsigned version, void **fn) {
  cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
  cudaError_t e = cudaGetDriverEntryPointByVersion(name, fn, version, cudaEnableDefault, &found);
  (void)cudaGetLastError();
  return e == cudaSuccess && found == cudaDriverEntryPointSuccess && *fn;
}

/* 0 where the driver lacks one of the calls (older than 12.4, or a shim). */
static int driver_calls_get(driver_calls *d) {
  return entry_point("cuFuncGetModule", 11000, (void **)&d->func_get_module) &&
         entry_point("cuModuleGetFunctionCount", 12040, (void **)&d->function_count) &&
         entry_point("cuModuleEnumerateFunctions", 12040, (void **)&d->enumerate) &&
         entry_point("cuFuncLoad", 12040, (void **)&d->load) &&
         entry_point("cuFuncIsLoaded", 12040, (void **)&d->is_loaded);
}

static amg_status driver_status(CUresult r, const char *call) {
  return amg_error(AMG_ERR_CUDA, "loading the kernels: %s failed (CUresult %d)", call, (int)r);
}

/* Loads every function of module m, and checks that the driver says so;
 * counts them, and those that were loaded before. */
static amg_status load_module(const driver_calls *d, CUmodule m, int64_t *functions, int64_t *were_loaded) {
  unsigned count = 0;
  CUresult r = d->function_count(&count, m);
  if (r != CUDA_SUCCESS)
    return driver_status(r, "cuModuleGetFunctionCount");
  CUfunction *f = (CUfunction *)calloc(count ? count : 1, sizeof *f);
  if (!f)
    return amg_error(AMG_ERR_NOMEM, "loading the kernels: out of host memory");
  r = d->enumerate(f, count, m);
  const char *call = "cuModuleEnumerateFunctions";
  unsigned loaded = 0, before = 0;
  for (unsigned i = 0; r == CUDA_SUCCESS && i < count && f[i]; i++) {
    CUfunctionLoadingState state = CU_FUNCTION_LOADING_STATE_UNLOADED;
    r = d->is_loaded(&state, f[i]);
    call = "cuFuncIsLoaded";
    before += r == CUDA_SUCCESS && state == CU_FUNCTION_LOADING_STATE_LOADED;
    if (r == CUDA_SUCCESS) {
      r = d->load(f[i]);
      call = "cuFuncLoad";
    }
    if (r == CUDA_SUCCESS) {
      r = d->is_loaded(&state, f[i]);
      call = "cuFuncIsLoaded";
    }
    loaded += r == CUDA_SUCCESS && state == CU_FUNCTION_LOADING_STATE_LOADED;
  }
  free(f);
  if (r != CUDA_SUCCESS)
    return driver_status(r, call);
  if (loaded != count)
    return amg_error(AMG_ERR_CUDA, "loading the kernels: %u of a module's %u functions are not loaded "
                     "after cuFuncLoad", count - loaded, count);
  *functions += count;
  *were_loaded += before;
  return AMG_OK;
}

extern "C" int fmt_device_registered_modules(void) { return registered_count; }

extern "C" amg_status fmt_device_load_modules(int *modules, int64_t *functions, int64_t *were_loaded) {
  *modules = 0;
  *functions = 0;
  *were_loaded = 0;
  if (registered_lost)
    return amg_error(AMG_ERR_ARG, "loading the kernels: %d CUDA sources registered past the %d that "
                     "formats/device_modules.cu holds; raise MAX_MODULES", registered_lost, MAX_MODULES);
  driver_calls d;
  if (!driver_calls_get(&d))
    return AMG_OK; /* nothing loaded: each kernel loads at its first launch, as without this */
  amg_status s = AMG_OK;
  CUmodule seen[MAX_MODULES];
  for (int i = 0; s == AMG_OK && i < registered_count; i++) {
    cudaFunction_t f;
    AMG_CUDA_TRY(cudaGetFuncBySymbol(&f, registered[i]));
    CUmodule m;
    CUresult r = d.func_get_module(&m, (CUfunction)f);
    if (r != CUDA_SUCCESS)
      return driver_status(r, "cuFuncGetModule");
    int known = 0;
    for (int j = 0; j < *modules; j++)
      known |= seen[j] == m;
    if (known)
      continue;
    seen[(*modules)++] = m;
    s = load_module(&d, m, functions, were_loaded);
  }
  return s;
}
