/* Run 339 (scratch, not part of the build): where the first setup of a
 * process loses its 4-7 ms against the later ones. Usage:
 *   first_setup STENCIL N RESERVE_MB SETUPS [PRE_N]
 * Prints each setup's stages; with RESERVE_MB > 0 the pool is grown by one
 * allocation of that size (freed at once) before the first setup, timed;
 * with PRE_N, a setup of the same stencil on PRE_N^d rows comes first (run
 * 340), timed. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "amg.h"
#include "formats.h"

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

int main(int argc, char **argv) {
  if (argc != 5 && argc != 6)
    return 2;
  int stencil = atoi(argv[1]), n = atoi(argv[2]), setups = atoi(argv[4]);
  size_t reserve = (size_t)atol(argv[3]) << 20;
  double init_ms = 0;
  if (amg_device_init(&init_ms) != AMG_OK)
    return fprintf(stderr, "%s\n", amg_error_message()), 1;
  fmt_csr *a = NULL;
  if (fmt_poisson(stencil, n, &a) != AMG_OK)
    return 1;
  printf("init %.1f ms, pool in use %.1f MiB\n", init_ms, fmt_device_bytes_in_use() / 1048576.0);
  if (reserve) {
    double t0 = now_ms();
    void *p = NULL;
    if (fmt_device_alloc(&p, reserve) != AMG_OK)
      return fprintf(stderr, "%s\n", amg_error_message()), 1;
    fmt_device_free(p);
    fmt_device_sync();
    printf("reserve %zu MiB: %.3f ms\n", reserve >> 20, now_ms() - t0);
  }
  amg_options o;
  amg_options_default(&o);
  o.backend = AMG_BACKEND_GPU;
  if (argc == 6) {
    fmt_csr *pre = NULL;
    amg_hierarchy *h = NULL;
    double t0 = now_ms();
    if (fmt_poisson(stencil, atoi(argv[5]), &pre) != AMG_OK || amg_setup(pre, &o, &h) != AMG_OK)
      return fprintf(stderr, "%s\n", amg_error_message()), 1;
    printf("pre-setup on n = %s: %.3f ms (setup %.3f)\n", argv[5], now_ms() - t0, amg_hierarchy_report(h)->setup_ms);
    amg_hierarchy_destroy(h);
    fmt_csr_destroy(pre);
  }
  for (int k = 0; k < setups; k++) {
    amg_hierarchy *h = NULL;
    if (amg_setup(a, &o, &h) != AMG_OK)
      return fprintf(stderr, "%s\n", amg_error_message()), 1;
    const amg_setup_report *r = amg_hierarchy_report(h);
    printf("setup %d: %.3f ms (convert %.3f, symmetry %.3f, coarse %.3f, prepare %.3f)\n", k, r->setup_ms,
           r->ms_convert, r->ms_symmetry, r->ms_coarse, r->ms_solve_prepare);
    for (int l = 0; l < r->levels - 1; l++) {
      const amg_level_report *v = &r->level[l];
      printf("  level %d: strength %.3f aggregation %.3f rho %.3f prolong %.3f transpose %.3f galerkin %.3f "
             "count %.3f\n",
             l, v->ms_strength, v->ms_aggregation, v->ms_rho, v->ms_prolongator, v->ms_transpose, v->ms_galerkin,
             v->ms_count);
    }
    amg_hierarchy_destroy(h);
  }
  fmt_csr_destroy(a);
  return 0;
}
