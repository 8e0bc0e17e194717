/* amg_solve's tables (stdout) and JSON report (see solve_output.h). */
#include "solve_output.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include "json_writer.h"

/* Below SPARSE_TILES_NNZ entries per tile at level 0 (with at least
 * SPARSE_TILES_MIN_ROWS rows, where tiles matter), the hierarchy table adds a
 * note on the ordering: the 2D 5-point grid of 1000 x 1000 with its rows
 * shuffled holds 1.2, and its GPU setup took 17 times the natural order's
 * (docs/results.md, run 334). */
#define SPARSE_TILES_NNZ 2.0
#define SPARSE_TILES_MIN_ROWS 1024

void print_hierarchy(FILE *f, const amg_setup_report *r) {
  fprintf(f, "\nHierarchy (%s, operators in 16x16 tiles)\n", r->on_gpu ? "GPU" : "CPU");
  fprintf(f, "%5s %10s %11s %9s %8s %7s %10s  %s\n", "level", "rows", "nnz", "tiles", "nnz/tile", "nnz/row",
          "aggregates", "aggregate size min/mean/max");
  for (int l = 0; l < r->levels; l++) {
    const amg_level_report *v = &r->level[l];
    fprintf(f, "%5d %10d %11lld %9lld %8.1f %7.1f", l, v->rows, (long long)v->nnz, (long long)v->tiles,
            v->nnz_per_tile, v->rows ? (double)v->nnz / v->rows : 0.0);
    if (l + 1 < r->levels)
      fprintf(f, " %10d  %d / %.1f / %d\n", v->agg.count, v->agg.min_size, v->agg.mean_size, v->agg.max_size);
    else
      fprintf(f, " %10s  (%s)\n", "-", r->coarse_diagonal ? "diagonal: x = D^-1 b" : "dense Cholesky");
  }
  fprintf(f, "grid complexity %.3f, operator complexity %.3f\n", r->grid_complexity, r->operator_complexity);
  const amg_level_report *top = &r->level[0];
  if (r->levels > 0 && top->rows >= SPARSE_TILES_MIN_ROWS && top->nnz_per_tile < SPARSE_TILES_NNZ)
    fprintf(f,
            "note: level 0 holds %.1f entries per tile: its rows are numbered without locality, and the setup's\n"
            "      work grows with the tiles (a 5-point grid in natural order holds 16). problem.reorder = \"rcm\"\n"
            "      renumbers the rows before the setup.\n",
            top->nnz_per_tile);
}

#define NUM_STAGES 7

/* One level's setup stages (ms): strength, aggregation, rho, prolongator, transpose, galerkin,
 * and the count of the Galerkin products (for GFLOP/s only). */
static void level_stages(const amg_level_report *v, double ms[NUM_STAGES]) {
  ms[0] = v->ms_strength;
  ms[1] = v->ms_aggregation;
  ms[2] = v->ms_rho;
  ms[3] = v->ms_prolongator;
  ms[4] = v->ms_transpose;
  ms[5] = v->ms_galerkin;
  ms[6] = v->ms_count;
}

/* Each stage summed over the levels that have it (all but the coarsest). */
static void stage_sums(const amg_setup_report *r, double sum[NUM_STAGES]) {
  for (int k = 0; k < NUM_STAGES; k++)
    sum[k] = 0;
  for (int l = 0; l + 1 < r->levels; l++) {
    double ms[NUM_STAGES];
    level_stages(&r->level[l], ms);
    for (int k = 0; k < NUM_STAGES; k++)
      sum[k] += ms[k];
  }
}

void print_setup_breakdown(FILE *f, const amg_setup_report *r) {
  fprintf(f, "\nSetup breakdown (ms)\n");
  fprintf(f, "%5s %9s %9s %7s %8s %9s %9s %6s %7s %11s %7s", "level", "strength", "aggregate", "rho", "prolong",
          "transpose", "galerkin", "order", "GFLOP/s", "AP/PtA nnz", "count");
  if (r->on_gpu)
    fprintf(f, " %9s", "peak MiB");
  fputc('\n', f);
  for (int l = 0; l + 1 < r->levels; l++) {
    const amg_level_report *v = &r->level[l];
    double ms[NUM_STAGES];
    level_stages(v, ms);
    fprintf(f, "%5d %9.3f %9.3f %7.3f %8.3f %9.3f %9.3f", l, ms[0], ms[1], ms[2], ms[3], ms[4], ms[5]);
    fprintf(f, " %6s %7.1f %11lld %7.3f", amg_galerkin_order_name(v->galerkin_order), v->galerkin_gflops,
            (long long)v->intermediate_nnz, ms[6]);
    if (r->on_gpu)
      fprintf(f, " %9.1f", v->peak_device_bytes / 1048576.0);
    fputc('\n', f);
  }
  double sum[NUM_STAGES];
  stage_sums(r, sum);
  fprintf(f, "%5s %9.3f %9.3f %7.3f %8.3f %9.3f %9.3f %6s %7s %11s %7.3f\n", "all", sum[0], sum[1], sum[2],
          sum[3], sum[4], sum[5], "", "", "", sum[6]);
  fprintf(f, "count: the Galerkin products counted for GFLOP/s (in the setup total, not in galerkin)%s\n",
          r->on_gpu ? "; peak: the device pool's peak while the level was built" : "");
  fprintf(f, "input CSR -> tiles %.3f ms, symmetry check %.3f ms (%s), coarse factorisation %.3f ms, "
             "solve preparation %.3f ms\n",
          r->ms_convert, r->ms_symmetry,
          r->symmetric ? "symmetric" : "not symmetric or not checked",
          r->ms_coarse, r->ms_solve_prepare);
  fprintf(f, "setup total %.3f ms", r->setup_ms);
  if (r->on_gpu)
    fprintf(f, ", peak device memory %.1f MiB", r->peak_device_bytes / 1048576.0);
  fputc('\n', f);
}

#define HISTORY_ENDS 50 /* rows printed at each end of a longer history */

void print_convergence(FILE *f, const amg_solve_report *s, const app_config *cfg) {
  const amg_options *o = &cfg->amg;
  fprintf(f, "\nConvergence (%s, V(%d,%d) weighted Jacobi, tol %.1e)\n",
          o->solver == AMG_SOLVER_PCG ? "PCG preconditioned by one V-cycle" : "stationary V-cycles",
          o->pre_sweeps, o->post_sweeps, o->tol);
  fprintf(f, "%5s %13s %8s\n", "iter", "||r||/||b||", "factor");
  for (int k = 0; k < s->history_len; k++) {
    if (s->history_len > 2 * HISTORY_ENDS && k == HISTORY_ENDS) { /* the middle of a long history */
      fprintf(f, "  ... %d rows left out (output.report holds them all)\n", s->history_len - 2 * HISTORY_ENDS);
      k = s->history_len - HISTORY_ENDS - 1;
      continue;
    }
    fprintf(f, "%5d %13.6e", k, s->history[k]);
    if (k > 0 && s->history[k - 1] > 0)
      fprintf(f, " %8.4f", s->history[k] / s->history[k - 1]);
    fputc('\n', f);
  }
  /* over the iterations from history[0]: 1 from zero, ||b - A x0||/||b|| from a guess */
  double mean = s->iterations > 0 && s->history[s->iterations] > 0 && s->history[0] > 0
                    ? pow(s->history[s->iterations] / s->history[0], 1.0 / s->iterations)
                    : 0.0;
  fprintf(f, "%s after %d iterations; mean convergence factor %.4f; true relative residual %.3e\n",
          s->converged ? "converged" : "NOT converged", s->iterations, mean, s->relative_residual);
}

void print_totals(FILE *f, const amg_setup_report *r, const amg_solve_report *s) {
  fprintf(f, "\nsetup %.3f ms, solve %.3f ms (%.3f ms per iteration%s), setup + solve %.3f ms\n", r->setup_ms,
          s->solve_ms, s->ms_per_iteration, s->used_graph ? ", CUDA graph" : "", r->setup_ms + s->solve_ms);
}

void print_order_comparison(FILE *f, const char *const *names, const amg_setup_report *const *reports,
                            int count) {
  fprintf(f, "\nGalerkin product per level: time (ms), GFLOP/s, nnz of the intermediate product\n%5s", "level");
  for (int k = 0; k < count; k++)
    fprintf(f, " | %-33s", names[k]); /* a cell: "%8.3f ms %6.1f GF/s %9lld" */
  fputc('\n', f);
  int levels = reports[0]->levels;
  for (int l = 0; l + 1 < levels; l++) {
    fprintf(f, "%5d", l);
    for (int k = 0; k < count; k++) {
      const amg_level_report *v = l + 1 < reports[k]->levels ? &reports[k]->level[l] : NULL;
      if (v)
        fprintf(f, " | %8.3f ms %6.1f GF/s %9lld", v->ms_galerkin, v->galerkin_gflops,
                (long long)v->intermediate_nnz);
      else
        fprintf(f, " | %-33s", "-");
    }
    fputc('\n', f);
  }
  fprintf(f, "%5s", "sum");
  for (int k = 0; k < count; k++) {
    double ms = 0;
    for (int l = 0; l + 1 < reports[k]->levels; l++)
      ms += reports[k]->level[l].ms_galerkin;
    fprintf(f, " | %8.3f ms %21s", ms, "");
  }
  fputc('\n', f);
}

static void json_level(json_writer *w, int l, const amg_setup_report *r) {
  const amg_level_report *v = &r->level[l];
  int coarsest = l + 1 == r->levels;
  json_begin_object(w, NULL);
  json_int(w, "level", l);
  json_int(w, "rows", v->rows);
  json_int(w, "nnz", v->nnz);
  json_int(w, "tiles", v->tiles);
  json_int(w, "peak_device_bytes", (int64_t)v->peak_device_bytes);
  json_number(w, "nnz_per_tile", v->nnz_per_tile);
  json_number(w, "nnz_per_row", v->rows ? (double)v->nnz / v->rows : 0);
  if (!coarsest) {
    json_int(w, "aggregates", v->agg.count);
    json_int(w, "aggregate_size_min", v->agg.min_size);
    json_number(w, "aggregate_size_mean", v->agg.mean_size);
    json_int(w, "aggregate_size_max", v->agg.max_size);
    json_int(w, "isolated_nodes", v->agg.isolated);
    json_int(w, "mis2_rounds", v->agg.rounds);
    json_number(w, "rho", v->rho);
    json_int(w, "p_nnz", v->p_nnz);
    json_int(w, "p_tiles", v->p_tiles);
    json_number(w, "strength_ms", v->ms_strength);
    json_number(w, "aggregation_ms", v->ms_aggregation);
    json_number(w, "rho_ms", v->ms_rho);
    json_number(w, "prolongator_ms", v->ms_prolongator);
    json_number(w, "transpose_ms", v->ms_transpose);
    json_number(w, "galerkin_ms", v->ms_galerkin);
    json_number(w, "galerkin_count_ms", v->ms_count);
    json_string(w, "galerkin_order", amg_galerkin_order_name(v->galerkin_order));
    json_int(w, "galerkin_symmetric", v->galerkin_symmetric);
    json_int(w, "galerkin_products", v->galerkin_products);
    json_number(w, "galerkin_gflops", v->galerkin_gflops);
    json_int(w, "intermediate_nnz", v->intermediate_nnz);
  }
  json_end_object(w);
}

amg_status write_report(const char *path, const solve_run *run) {
  json_writer w;
  if (json_create(&w, path) != 0)
    return amg_error(AMG_ERR_IO, "%s: cannot write the report: %s", path, strerror(errno));
  errno = 0; /* a failed write below sets it, for the message */
  const amg_options *o = &run->cfg->amg;
  const amg_setup_report *r = run->setup;
  const amg_solve_report *s = run->solve;
  json_begin_object(&w, NULL);
  json_string(&w, "problem", run->problem);
  json_string(&w, "reorder", run->cfg->reorder == APP_REORDER_RCM ? "rcm" : "none");
  json_int(&w, "rows", run->rows);
  json_int(&w, "nnz", run->nnz);
  json_string(&w, "backend", r ? (r->on_gpu ? "gpu" : "cpu") /* the chosen one, where the setup failed */
                                : o->backend == AMG_BACKEND_GPU ? "gpu" : o->backend == AMG_BACKEND_CPU ? "cpu" : "none");
  json_string(&w, "solver", o->solver == AMG_SOLVER_PCG ? "pcg" : "stationary");
  json_string(&w, "spgemm", spgemm_backend_name(o->spgemm));
  json_string(&w, "galerkin_order_option", amg_galerkin_order_name(o->galerkin_order));
  json_string(&w, "status", amg_status_name(run->status));
  json_string(&w, "message", run->message ? run->message : "");
  json_string(&w, "initial_guess", run->cfg->x0_file); /* "": from zero */
  json_string(&w, "solution_file", run->solution ? run->solution : "");
  if (r) {
    json_begin_array(&w, "levels");
    for (int l = 0; l < r->levels; l++)
      json_level(&w, l, r);
    json_end_array(&w);
    json_number(&w, "grid_complexity", r->grid_complexity);
    json_number(&w, "operator_complexity", r->operator_complexity);
    json_number(&w, "setup_ms", r->setup_ms);
    json_begin_object(&w, "setup_stages_ms");
    double sum[NUM_STAGES];
    stage_sums(r, sum);
    json_number(&w, "convert", r->ms_convert);
    json_number(&w, "symmetry_check", r->ms_symmetry);
    json_number(&w, "strength", sum[0]);
    json_number(&w, "aggregation", sum[1]);
    json_number(&w, "rho", sum[2]);
    json_number(&w, "prolongator", sum[3]);
    json_number(&w, "transpose", sum[4]);
    json_number(&w, "galerkin", sum[5]);
    json_number(&w, "galerkin_count", sum[6]);
    json_number(&w, "coarse_factorisation", r->ms_coarse);
    json_string(&w, "coarse_solver", r->coarse_diagonal ? "diagonal" : "dense Cholesky");
    json_number(&w, "solve_prepare", r->ms_solve_prepare);
    json_end_object(&w);
    json_int(&w, "peak_device_bytes", (int64_t)r->peak_device_bytes);
  }
  if (s) {
    json_int(&w, "iterations", s->iterations);
    json_number(&w, "relative_residual", s->relative_residual);
    json_bool(&w, "converged", s->converged);
    json_begin_array(&w, "residual_history");
    for (int k = 0; k < s->history_len; k++)
      json_number(&w, NULL, s->history[k]);
    json_end_array(&w);
    json_number(&w, "solve_ms", s->solve_ms);
    json_number(&w, "ms_per_iteration", s->ms_per_iteration);
    json_bool(&w, "cuda_graph", s->used_graph);
  }
  json_end_object(&w);
  int err;
  const char *note;
  if (json_close(&w, &err, &note) != 0)
    return amg_error(AMG_ERR_IO, "%s: writing the report failed: %s%s", path, err ? strerror(err) : "unknown error",
                     note);
  return AMG_OK;
}
