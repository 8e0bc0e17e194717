/* The figures a GPU benchmark collects, and their table and JSON output. */
#ifndef APPS_BENCH_FIGURES_H
#define APPS_BENCH_FIGURES_H

#include "bench_common.h"
#include "bench_timing.h"

#define MAX_FIGURES 1024

typedef struct figure {
  char problem[48], op[24];
  int level;
  int32_t rows, cols;
  int64_t nnz_c, tiles_c, products;
  bench_time tile, cus;
  double tile_floor_ms, cus_floor_ms;
  int threshold; /* dense-accumulator threshold used by the tile product */
  double step_ms[4]; /* --profile: columns, step 1, step 2, step 3 of one extra run */
  int64_t candidates;
  double mean_list; /* pair lists' mean length (spgemm.h's one-pass rule) */
  int sum;          /* an order's row: its medians are two products' summed, and it has no min or max */
} figure;

typedef struct bench_state {
  figure fig[MAX_FIGURES];
  int count;
  double bandwidth; /* bytes/s */
  int reps, max_levels, threshold, sweep, profile, kernels, row_split, passes, layout_candidates,
      b_lookup, row_windows, no_b_transpose, numeric_dot;
  const char *ncu_op; /* --ncu-op: the product whose untimed extra run the profiler sees */
  int ncu_level;
} bench_state;

extern bench_state bench;

figure *bench_new_figure(const char *problem, int level, const char *op);
void bench_print_table(void);
void bench_print_profile(void);
/* Into w, created at start-up (bench_json_create) so that a bad path is
 * known before the run, and closed. */
void bench_write_json(json_writer *w);

#endif
