/* Experiment: first and second dense coarse factorisation time per size,
 * after amg_device_init, in one process (sizes not among the warm-up's). */
#include <stdio.h>
#include "amg.h"
#include "amg_ops.h"
#include "hierarchy.h"
int main(void) {
  double ms;
  if (amg_device_init(&ms) != AMG_OK) { puts(amg_error_message()); return 1; }
  printf("init %.1f ms\n", ms);
  int ns[] = {21, 19, 24, 15, 30, 27, 9, 45, 64, 13, 33};
  for (unsigned q = 0; q < sizeof ns / sizeof *ns; q++) {
    fmt_csr *a = NULL; fmt_tile *t = NULL, *d = NULL;
    fmt_poisson(5, ns[q], &a); fmt_tile_from_csr(a, &t); fmt_tile_upload(t, &d);
    double tt[2];
    for (int k = 0; k < 2; k++) {
      amg_coarse_solver *cs = NULL;
      fmt_device_sync();
      double t0 = amg_now_ms();
      amg_status s = amg_coarse_create(d, &cs);
      fmt_device_sync();
      tt[k] = amg_now_ms() - t0;
      if (s != AMG_OK) printf("error %s\n", amg_error_message());
      amg_coarse_destroy(cs);
    }
    printf("rows %5d: first %8.3f ms, second %8.3f ms\n", ns[q] * ns[q], tt[0], tt[1]);
    fmt_tile_destroy(d); fmt_tile_destroy(t); fmt_csr_destroy(a);
  }
  return 0;
}
