/* Figures of the GPU benchmarks: table on stdout, JSON to a file. */
#include "bench_figures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_writer.h"

bench_state bench;

figure *bench_new_figure(const char *problem, int level, const char *op) {
  bench_check_room(bench.count, MAX_FIGURES);
  figure *f = &bench.fig[bench.count++];
  memset(f, 0, sizeof *f);
  snprintf(f->problem, sizeof f->problem, "%s", problem);
  snprintf(f->op, sizeof f->op, "%s", op);
  f->level = level;
  return f;
}

void bench_print_table(void) {
  printf("\ncopy bandwidth %.0f GB/s (read + write); floor = bytes the format must move / bandwidth\n",
         bench.bandwidth / 1e9);
  printf("times: medians of %d repeats after %d warm-up calls; an order's row sums its two products' medians;\n"
         "GF/s: 2 x the product's intermediate products / time (a 'sym' row computes about half of them)\n",
         bench.reps, BENCH_WARMUP);
  printf("%-10s %2s %-16s %9s %10s %9s %6s | %8s %7s %6s | %8s %7s %6s | %6s | %6s %6s | %7s %7s\n",
         "problem", "lv", "op", "rows", "nnz(C)", "tiles(C)", "nnz/t", "tile ms", "floor", "x", "cuSP ms",
         "floor", "x", "speedup", "GF/s", "GF/s", "tile MB", "cuSP MB");
  for (int i = 0; i < bench.count; i++) {
    const figure *f = &bench.fig[i];
    double gf_t = f->products ? 2e-6 * f->products / f->tile.median_ms : 0;
    double gf_c = f->products && f->cus.median_ms > 0 ? 2e-6 * f->products / f->cus.median_ms : 0;
    printf("%-10s %2d %-16s %9d %10lld %9lld %6.1f | %8.3f %7.3f %6.1f | ", f->problem, f->level, f->op,
           f->rows, (long long)f->nnz_c, (long long)f->tiles_c,
           f->tiles_c ? (double)f->nnz_c / f->tiles_c : 0.0, f->tile.median_ms, f->tile_floor_ms,
           f->tile.median_ms / f->tile_floor_ms);
    if (f->cus.median_ms > 0)
      printf("%8.3f %7.3f %6.1f | %6.2f | ", f->cus.median_ms, f->cus_floor_ms,
             f->cus.median_ms / f->cus_floor_ms, f->cus.median_ms / f->tile.median_ms);
    else
      printf("%8s %7s %6s | %6s | ", "-", "-", "-", "-");
    printf("%6.1f %6.1f | %7.1f %7.1f\n", gf_t, gf_c, f->tile.peak_bytes / 1048576.0,
           f->cus.peak_bytes / 1048576.0);
  }
}

void bench_print_profile(void) {
  printf("\nper-step breakdown of one tile product each (ms; each step ends in a sync)\n");
  printf("step3 ~0: steps 2 and 3 ran as one pass; list: the pair lists' mean length (spgemm.h)\n");
  printf("%-10s %2s %-16s %9s %9s %6s | %8s %8s %8s %8s | %8s\n", "problem", "lv", "op", "cand", "tiles",
         "list", "columns", "step1", "step2", "step3", "median");
  for (int i = 0; i < bench.count; i++) {
    const figure *f = &bench.fig[i];
    if (f->step_ms[0] + f->step_ms[1] + f->step_ms[2] + f->step_ms[3] <= 0)
      continue; /* not a profiled product (the conversion) */
    printf("%-10s %2d %-16s %9lld %9lld %6.1f | %8.3f %8.3f %8.3f %8.3f | %8.3f\n", f->problem, f->level,
           f->op, (long long)f->candidates, (long long)f->tiles_c, f->mean_list, f->step_ms[0], f->step_ms[1],
           f->step_ms[2], f->step_ms[3], f->tile.median_ms);
  }
}

void bench_write_json(json_writer *w) {
  json_begin_object(w, NULL);
  json_number(w, "copy_bandwidth_bytes_per_s", bench.bandwidth);
  json_int(w, "reps", bench.reps);
  json_begin_array(w, "figures");
  for (int i = 0; i < bench.count; i++) {
    const figure *f = &bench.fig[i];
    json_begin_object(w, NULL);
    json_string(w, "problem", f->problem);
    json_int(w, "level", f->level);
    json_string(w, "op", f->op);
    json_int(w, "rows", f->rows);
    json_int(w, "cols", f->cols);
    json_int(w, "nnz_c", f->nnz_c);
    json_int(w, "tiles_c", f->tiles_c);
    json_int(w, "products", f->products);
    json_int(w, "dense_threshold", f->threshold);
    json_bool(w, "sum_of_medians", f->sum);
    json_number(w, "tile_ms", f->tile.median_ms);
    json_number(w, "tile_min_ms", f->sum ? -1 : f->tile.min_ms);
    json_number(w, "tile_max_ms", f->sum ? -1 : f->tile.max_ms);
    json_number(w, "tile_floor_ms", f->tile_floor_ms);
    json_int(w, "tile_peak_bytes", (int64_t)f->tile.peak_bytes);
    json_number(w, "cusparse_ms", f->cus.median_ms > 0 ? f->cus.median_ms : -1);
    json_number(w, "cusparse_min_ms", f->cus.median_ms > 0 && !f->sum ? f->cus.min_ms : -1);
    json_number(w, "cusparse_max_ms", f->cus.median_ms > 0 && !f->sum ? f->cus.max_ms : -1);
    json_number(w, "cusparse_floor_ms", f->cus_floor_ms);
    json_int(w, "cusparse_peak_bytes", (int64_t)f->cus.peak_bytes);
    json_end_object(w);
  }
  json_end_array(w);
  json_end_object(w);
  bench_json_close(w);
}

