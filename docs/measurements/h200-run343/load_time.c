/* Run 343 (scratch, not part of the build): what loading every kernel of
 * the libraries costs in a fresh process, apart from amg_device_init's
 * other work. Usage: load_time */
#include <stdio.h>
#include <time.h>

#include "amg.h"
#include "formats.h"

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

int main(void) {
  int gpus = 0, modules = 0;
  int64_t functions = 0, before = 0;
  double t0 = now_ms();
  if (fmt_device_probe(&gpus) != AMG_OK || gpus < 1 || fmt_device_sync() != AMG_OK)
    return fprintf(stderr, "%s\n", amg_error_message()), 1;
  double t1 = now_ms();
  if (fmt_device_load_modules(&modules, &functions, &before) != AMG_OK)
    return fprintf(stderr, "%s\n", amg_error_message()), 1;
  double t2 = now_ms(), init_ms = 0;
  if (amg_device_init(&init_ms) != AMG_OK)
    return fprintf(stderr, "%s\n", amg_error_message()), 1;
  printf("context and stream %.1f ms; loading %d modules, %lld functions (%lld loaded before) %.1f ms; "
         "the rest of amg_device_init %.1f ms\n",
         t1 - t0, modules, (long long)functions, (long long)before, t2 - t1, init_ms);
  return 0;
}
