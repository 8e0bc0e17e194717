/* CUDA graphs and pinned memory on the library stream (see formats.h). */
#include <stdlib.h>

#include "cuda_check.cuh"
#include "formats.h"

struct fmt_graph {
  cudaGraph_t graph;
  cudaGraphExec_t exec;
};

extern "C" amg_status fmt_graph_begin(void) {
  AMG_CUDA_TRY(cudaStreamBeginCapture(fmt_stream(), cudaStreamCaptureModeThreadLocal));
  return AMG_OK;
}

extern "C" amg_status fmt_graph_end(fmt_graph **out) {
  if (out)
    *out = NULL;
  cudaGraph_t graph = NULL;
  cudaError_t e = cudaStreamEndCapture(fmt_stream(), &graph); /* always end the capture */
  if (!out) { /* the capture is ended all the same, so that the stream stays usable */
    if (graph)
      cudaGraphDestroy(graph);
    if (e != cudaSuccess)
      (void)cudaGetLastError();
    return amg_error(AMG_ERR_ARG, "graph_end: out is NULL");
  }
  fmt_graph *g = (fmt_graph *)calloc(1, sizeof *g);
  if (!g) {
    if (graph)
      cudaGraphDestroy(graph);
    return amg_error(AMG_ERR_NOMEM, "graph: out of host memory");
  }
  g->graph = graph;
  if (e == cudaSuccess)
    e = cudaGraphInstantiate(&g->exec, g->graph, 0);
  if (e != cudaSuccess) {
    fmt_graph_destroy(g);
    return amg_cuda_status(e, "graph capture", __FILE__, __LINE__);
  }
  *out = g;
  return AMG_OK;
}

extern "C" amg_status fmt_graph_launch(const fmt_graph *g) {
  if (!g)
    return amg_error(AMG_ERR_ARG, "graph_launch: g is NULL");
  AMG_CUDA_TRY(cudaGraphLaunch(g->exec, fmt_stream()));
  return AMG_OK;
}

extern "C" void fmt_graph_destroy(fmt_graph *g) {
  if (!g)
    return;
  if (g->exec)
    cudaGraphExecDestroy(g->exec);
  if (g->graph)
    cudaGraphDestroy(g->graph);
  free(g);
}

extern "C" amg_status fmt_pinned_alloc(void **p, size_t bytes) {
  if (!p)
    return amg_error(AMG_ERR_ARG, "pinned_alloc: p is NULL");
  *p = NULL;
  AMG_CUDA_TRY(cudaMallocHost(p, bytes ? bytes : 1));
  return AMG_OK;
}

extern "C" void fmt_pinned_free(void *p) {
  if (p)
    cudaFreeHost(p);
}

extern "C" amg_status fmt_copy_to_host_async(void *dst, const void *src, size_t bytes) {
  if (bytes && (!dst || !src))
    return amg_error(AMG_ERR_ARG, "copy_to_host_async: %s is NULL", dst ? "src" : "dst");
  AMG_CUDA_TRY(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, fmt_stream()));
  return AMG_OK;
}
