/* Row lengths of every level's A and P in the default SA hierarchy, built by the CPU backend on this (host) machine:
 * gcc -O2 -I solver -I formats -I spgemm row_lengths.c build-nocuda/solver/libamg_solver.a build-nocuda/spgemm/libamg_spgemm.a build-nocuda/formats/libamg_formats.a -lm
 * ./a.out STENCIL N  (output: row_lengths.txt). Not part of the build. */
#include <stdio.h>
#include <stdlib.h>
#include "amg.h"
#include "hierarchy.h"
static void stats(const char *what, int l, const fmt_tile *a) {
  int hist[64] = {0}; int mx = 0; long long tot = 0;
  for (int32_t ti = 0; ti < a->tile_m; ti++)
    for (int r = 0; r < 16 && ti * 16 + r < a->m; r++) {
      int c = 0;
      for (int64_t t = a->tile_ptr[ti]; t < a->tile_ptr[ti + 1]; t++) c += __builtin_popcount(a->mask[16 * t + r]);
      hist[c < 63 ? c : 63]++; if (c > mx) mx = c; tot += c;
    }
  int over6 = 0, over8 = 0, over10 = 0;
  for (int c = 0; c < 64; c++) { if (c > 6) over6 += hist[c]; if (c > 8) over8 += hist[c]; if (c > 10) over10 += hist[c]; }
  /* lanes per half-warp: fraction of tile rows whose max row > R */
  int tr6 = 0, tr8 = 0, tr10 = 0;
  for (int32_t ti = 0; ti < a->tile_m; ti++) { int m2 = 0;
    for (int r = 0; r < 16 && ti * 16 + r < a->m; r++) { int c = 0;
      for (int64_t t = a->tile_ptr[ti]; t < a->tile_ptr[ti + 1]; t++) c += __builtin_popcount(a->mask[16 * t + r]);
      if (c > m2) m2 = c; }
    tr6 += m2 > 6; tr8 += m2 > 8; tr10 += m2 > 10; }
  printf("%s%d %d x %d nnz %lld mean %.2f max %d tiles/tilerow %.1f nnz/tile %.1f | rows >6 %.1f%% >8 %.1f%% >10 %.1f%% | tile rows with a row >6 %.1f%% >8 %.1f%% >10 %.1f%%\n",
         what, l, a->m, a->n, (long long)a->nnz, (double)tot / a->m, mx, (double)a->num_tiles / a->tile_m, (double)a->nnz / a->num_tiles,
         100.0 * over6 / a->m, 100.0 * over8 / a->m, 100.0 * over10 / a->m, 100.0 * tr6 / a->tile_m, 100.0 * tr8 / a->tile_m, 100.0 * tr10 / a->tile_m);
}
int main(int argc, char **argv) {
  int stencil = atoi(argv[1]), n = atoi(argv[2]);
  fmt_csr *a = NULL;
  if (fmt_poisson(stencil, n, &a) != AMG_OK) return 1;
  amg_options o; amg_options_default(&o); o.backend = AMG_BACKEND_CPU;
  amg_hierarchy *h = NULL;
  if (amg_setup(a, &o, &h) != AMG_OK) { printf("setup failed\n"); return 1; }
  for (int l = 0; l < h->levels; l++) { stats("A", l, h->level[l].a); if (h->level[l].p) stats("P", l, h->level[l].p); }
  return 0;
}
