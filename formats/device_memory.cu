/* Device memory and the library stream.
 *
 * Arrays come from the library's own memory pool (not CUDA's default pool,
 * which the embedding program may use) through stream-ordered
 * cudaMallocFromPoolAsync/cudaFreeAsync on one library stream (plain device
 * memory, never managed). The pool keeps freed memory (release threshold =
 * max), so the allocations of a SpGEMM's C cost microseconds, not a driver
 * call each; fmt_device_trim gives it back. Peak usage is the pool's own
 * high-water mark, so it counts the library's arrays only. */
#include <cuda_profiler_api.h>
#include <stdint.h>
#include <string.h>

#include "cuda_check.cuh"
#include "device_util.cuh"
#include "fmt_internal.h"

static cudaStream_t library_stream, side_stream;
static cudaEvent_t fork_event, join_event;
static cudaMemPool_t library_pool;

static amg_status ensure_initialised(void) {
  if (library_stream)
    return AMG_OK;
  int dev = 0;
  AMG_CUDA_TRY(cudaGetDevice(&dev));
  if (!library_pool) { /* kept only once it is set up: a failed try leaves nothing behind */
    cudaMemPoolProps props;
    memset(&props, 0, sizeof props);
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = dev;
    cudaMemPool_t pool;
    AMG_CUDA_TRY(cudaMemPoolCreate(&pool, &props));
    uint64_t keep_all = UINT64_MAX;
    cudaError_t e = cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep_all);
    if (e != cudaSuccess) {
      (void)cudaMemPoolDestroy(pool);
      return amg_cuda_status(e, "cudaMemPoolSetAttribute", __FILE__, __LINE__);
    }
    library_pool = pool;
  }
  AMG_CUDA_TRY(cudaStreamCreateWithFlags(&library_stream, cudaStreamNonBlocking));
  return AMG_OK;
}

cudaStream_t fmt_stream(void) {
  (void)ensure_initialised();
  return library_stream;
}

amg_status fmt_fork(cudaStream_t *side) {
  if (!side)
    return amg_error(AMG_ERR_ARG, "fork: side is NULL");
  amg_status s = ensure_initialised();
  if (s != AMG_OK)
    return s;
  if (!side_stream) {
    AMG_CUDA_TRY(cudaEventCreateWithFlags(&fork_event, cudaEventDisableTiming));
    AMG_CUDA_TRY(cudaEventCreateWithFlags(&join_event, cudaEventDisableTiming));
    AMG_CUDA_TRY(cudaStreamCreateWithFlags(&side_stream, cudaStreamNonBlocking));
  }
  AMG_CUDA_TRY(cudaEventRecord(fork_event, library_stream));
  AMG_CUDA_TRY(cudaStreamWaitEvent(side_stream, fork_event, 0));
  *side = side_stream;
  return AMG_OK;
}

amg_status fmt_join(void) {
  cudaError_t e = cudaEventRecord(join_event, side_stream);
  if (e == cudaSuccess)
    e = cudaStreamWaitEvent(library_stream, join_event, 0);
  if (e == cudaSuccess)
    return AMG_OK;
  /* No order between the streams: wait for the side stream's work here, so
     that memory the caller frees next on the library stream is not in use. */
  (void)cudaStreamSynchronize(side_stream);
  return amg_cuda_status(e, "fmt_join", __FILE__, __LINE__);
}

#ifndef AMG_CUDA_ARCHITECTURES
#define AMG_CUDA_ARCHITECTURES "?"
#endif

static __global__ void probe_kernel(void) {}

/* Whether the current GPU can run this build's kernels (an image for its
 * architecture, or PTX it can compile). */
static amg_status kernels_run_here(void) {
  cudaFuncAttributes attr;
  cudaError_t e = cudaFuncGetAttributes(&attr, probe_kernel);
  if (e == cudaSuccess)
    return AMG_OK;
  (void)cudaGetLastError();
  int dev = 0, major = 0, minor = 0;
  if (cudaGetDevice(&dev) != cudaSuccess || cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev) ||
      cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev))
    (void)cudaGetLastError();
  if (e == cudaErrorInvalidDeviceFunction || e == cudaErrorNoKernelImageForDevice)
    return amg_error(AMG_ERR_CUDA, "the GPU (compute capability %d.%d) cannot run this build's kernels, built for "
                     "CUDA architectures %s: configure with -DCMAKE_CUDA_ARCHITECTURES=%d%d",
                     major, minor, AMG_CUDA_ARCHITECTURES, major, minor);
  return amg_error(AMG_ERR_CUDA, "CUDA cannot use the GPU: %s: %s", cudaGetErrorName(e), cudaGetErrorString(e));
}

extern "C" amg_status fmt_device_probe(int *count) {
  if (!count)
    return amg_error(AMG_ERR_ARG, "device_probe: count is NULL");
  *count = 0;
  int n = 0, driver = 0;
  cudaError_t e = cudaGetDeviceCount(&n);
  if (e == cudaSuccess) {
    amg_status s = n > 0 ? kernels_run_here() : AMG_OK;
    *count = s == AMG_OK ? n : 0;
    return s;
  }
  (void)cudaGetLastError();
  if (cudaDriverGetVersion(&driver) != cudaSuccess)
    driver = -1;
  /* No GPU, no driver at all (a machine with the toolkit only), or the
     toolkit's stub driver (a build container): nothing to use. */
  if (e == cudaErrorNoDevice || e == cudaErrorStubLibrary || (e == cudaErrorInsufficientDriver && driver == 0))
    return AMG_OK;
  return amg_error(AMG_ERR_CUDA, "a GPU driver is installed (version %d) but CUDA cannot use it: %s: %s (runtime %d)",
                   driver, cudaGetErrorName(e), cudaGetErrorString(e), CUDART_VERSION);
}

extern "C" int fmt_device_count(void) {
  int count = 0;
  return fmt_device_probe(&count) == AMG_OK ? count : 0;
}

extern "C" int fmt_device_multiprocessors(void) {
  static int sms = 0;
  if (!sms) {
    int dev = 0;
    if (cudaGetDevice(&dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess || sms < 1) {
      (void)cudaGetLastError(); /* so the next launch check does not report this */
      sms = 1;
    }
  }
  return sms;
}

/* Pinned host memory mapped into the device, allocated once into *host
 * and *device (left as they are while *host is set). */
static amg_status mapped_once(size_t bytes, void **host, void **device) {
  if (*host)
    return AMG_OK;
  void *h = NULL, *d = NULL;
  AMG_CUDA_TRY(cudaHostAlloc(&h, bytes, cudaHostAllocMapped));
  cudaError_t e = cudaHostGetDevicePointer(&d, h, 0);
  if (e != cudaSuccess) {
    cudaFreeHost(h);
    return amg_cuda_status(e, "cudaHostGetDevicePointer", __FILE__, __LINE__);
  }
  *host = h;
  *device = d;
  return AMG_OK;
}

amg_status fmt_host_mailbox(void **host, void **device) {
  if (host)
    *host = NULL;
  if (device)
    *device = NULL;
  if (!host || !device)
    return amg_error(AMG_ERR_ARG, "host_mailbox: %s is NULL", host ? "device" : "host");
  static void *mailbox_host, *mailbox_device;
  amg_status s = mapped_once(FMT_MAILBOX_BYTES, &mailbox_host, &mailbox_device);
  *host = mailbox_host;
  *device = mailbox_device;
  return s;
}

static bool fill_new; /* fmt_device_fill_new */

extern "C" void fmt_device_fill_new(int on) { fill_new = on != 0; }

extern "C" amg_status fmt_device_alloc(void **p, size_t bytes) {
  if (!p)
    return amg_error(AMG_ERR_ARG, "device_alloc: p is NULL");
  *p = NULL;
  if (bytes == 0)
    return AMG_OK;
  amg_status s = ensure_initialised();
  if (s != AMG_OK)
    return s;
  cudaError_t e = cudaMallocFromPoolAsync(p, bytes, library_pool, library_stream);
  if (e != cudaSuccess) {
    *p = NULL;
    (void)amg_cuda_status(e, "cudaMallocFromPoolAsync", __FILE__, __LINE__);
    return amg_error(e == cudaErrorMemoryAllocation ? AMG_ERR_DEVICE_NOMEM : AMG_ERR_CUDA,
                     "device allocation of %zu bytes (%.1f MiB) failed: %s", bytes,
                     bytes / 1048576.0, cudaGetErrorString(e));
  }
  if (fill_new)
    AMG_CUDA_TRY(cudaMemsetAsync(*p, 0xFF, bytes, library_stream));
  return AMG_OK;
}

extern "C" void fmt_device_free(void *p) {
  if (p && library_stream)
    (void)cudaFreeAsync(p, library_stream);
}

extern "C" amg_status fmt_device_copy(void *dst, const void *src, size_t bytes) {
  if (bytes && (!dst || !src))
    return amg_error(AMG_ERR_ARG, "device_copy: %s is NULL", dst ? "src" : "dst");
  amg_status s = ensure_initialised();
  if (s != AMG_OK || bytes == 0)
    return s;
  AMG_CUDA_TRY(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, library_stream));
  return AMG_OK;
}

extern "C" amg_status fmt_device_sync(void) {
  amg_status s = ensure_initialised();
  if (s != AMG_OK)
    return s;
  AMG_CUDA_TRY(cudaStreamSynchronize(library_stream));
  return AMG_OK;
}

extern "C" void fmt_device_profiler(int on) {
  if ((on ? cudaProfilerStart() : cudaProfilerStop()) != cudaSuccess)
    (void)cudaGetLastError(); /* no profiler attached is not an error */
}

static size_t pool_attribute(cudaMemPoolAttr attr) {
  uint64_t v = 0;
  if (!library_stream || cudaMemPoolGetAttribute(library_pool, attr, &v) != cudaSuccess)
    return 0; /* no pool yet: nothing allocated (and no CUDA context made to say so) */
  return (size_t)v;
}

extern "C" size_t fmt_device_bytes_in_use(void) { return pool_attribute(cudaMemPoolAttrUsedMemCurrent); }

extern "C" size_t fmt_device_peak_bytes(void) { return pool_attribute(cudaMemPoolAttrUsedMemHigh); }

extern "C" size_t fmt_device_bytes_reserved(void) { return pool_attribute(cudaMemPoolAttrReservedMemCurrent); }

extern "C" amg_status fmt_device_trim(void) {
  if (!library_stream)
    return AMG_OK; /* no pool yet: nothing to give back */
  AMG_CUDA_TRY(cudaStreamSynchronize(library_stream)); /* frees still queued reach the pool first */
  AMG_CUDA_TRY(cudaMemPoolTrimTo(library_pool, 0));
  return AMG_OK;
}

extern "C" void fmt_device_reset_peak(void) {
  uint64_t zero = 0;
  if (ensure_initialised() == AMG_OK)
    (void)cudaMemPoolSetAttribute(library_pool, cudaMemPoolAttrUsedMemHigh, &zero);
}

/* Small device-to-host reads (a count that sizes the next allocation): a
 * one-block kernel writes them into pinned host memory mapped into the
 * device, and the host reads them after the stream sync. A copy into
 * pageable memory waits for the stream and copies through the driver's
 * staging; a copy into pinned memory started 2.8-9.7 us after the kernel
 * before it ended (runs 255-256, CUPTI traces), where kernels follow each
 * other within 1-2 us. */
#define READBACK_BYTES 256

static __global__ void read_back_kernel(const unsigned char *src, unsigned char *dst, size_t bytes) {
  for (size_t i = threadIdx.x; i < bytes; i += blockDim.x)
    dst[i] = src[i];
}

static amg_status read_back(void *dst, const void *src, size_t bytes) {
  static void *stage_host, *stage_device;
  amg_status s = mapped_once(READBACK_BYTES, &stage_host, &stage_device);
  if (s != AMG_OK)
    return s;
  read_back_kernel<<<1, 32, 0, library_stream>>>((const unsigned char *)src, (unsigned char *)stage_device, bytes);
  AMG_CUDA_TRY(cudaGetLastError());
  AMG_CUDA_TRY(cudaStreamSynchronize(library_stream));
  memcpy(dst, (const void *)stage_host, bytes);
  return AMG_OK;
}

extern "C" amg_status fmt_device_copy_any(void *dst, int dst_device, const void *src, int src_device,
                                          size_t bytes) {
  amg_status s = ensure_initialised();
  if (s != AMG_OK)
    return s;
  if (!dst_device && src_device && bytes <= READBACK_BYTES)
    return read_back(dst, src, bytes);
  cudaMemcpyKind kind = dst_device ? (src_device ? cudaMemcpyDeviceToDevice : cudaMemcpyHostToDevice)
                                   : cudaMemcpyDeviceToHost;
  AMG_CUDA_TRY(cudaMemcpyAsync(dst, src, bytes, kind, library_stream));
  AMG_CUDA_TRY(cudaStreamSynchronize(library_stream));
  return AMG_OK;
}

FMT_DEVICE_MODULE(probe_kernel);
