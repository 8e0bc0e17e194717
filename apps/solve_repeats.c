/* amg_solve's --compare-orders and --repeat (see solve_repeats.h). */
#include "solve_repeats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_rows.h"
#include "solve_exit.h"
#include "solve_output.h"

/* Sorts v[0 .. n-1] and returns its median (the upper one for even n). */
static double sort_median(double *v, int n) {
  fmt_sort_double(v, (size_t)n);
  return v[n / 2];
}

static void print_spread(const char *what, double *v, int n) {
  double median = sort_median(v, n);
  printf("  %-14s median %9.3f ms, min %9.3f, max %9.3f\n", what, median, v[0], v[n - 1]);
}

/* The hierarchy with both orders (and cuSPARSE if asked), Galerkin compared
 * per level. With repeat > 0 the first setups are the warm-up, and each
 * level's time is the median of `repeat` more setups per configuration,
 * taken in turn so that drift hits all of them alike. */
int solve_compare_orders(const app_config *cfg, const fmt_csr *a, int with_cusparse, int repeat) {
  static const char *const label[2][2] = {{"tile P^T(AP)", "tile (P^T A)P"},
                                          {"cusparse P^T(AP)", "cusparse (P^T A)P"}};
  const char *names[4];
  amg_options opts[4];
  amg_setup_report rep[4];
  const amg_setup_report *reports[4];
  int count = 0, code = 0;
  for (int sp = 0; sp <= with_cusparse; sp++)
    for (int order = AMG_GALERKIN_PT_AP; order <= AMG_GALERKIN_PTA_P; order++) {
      opts[count] = cfg->amg;
      opts[count].galerkin_order = order;
      opts[count].spgemm = sp ? SPGEMM_CUSPARSE : SPGEMM_TILE;
      names[count] = label[sp][order - AMG_GALERKIN_PT_AP];
      reports[count] = &rep[count];
      count++;
    }
  double *ms = repeat > 0 ? malloc((size_t)count * AMG_MAX_LEVELS * repeat * sizeof *ms) : NULL;
  if (repeat > 0 && !ms) {
    fprintf(stderr, "amg_solve: out of host memory for --repeat\n");
    return EXIT_INPUT;
  }
  for (int r = -1; r < repeat && !code; r++)
    for (int k = 0; k < count && !code; k++) {
      amg_hierarchy *h = NULL;
      amg_options o = opts[k];
      o.verbose = o.verbose && r < 0; /* progress for the first setups only */
      amg_status s = amg_setup(a, &o, &h);
      if (s != AMG_OK) {
        code = rows_fail(EXIT_SETUP, s, "setup");
        break;
      }
      const amg_setup_report *now = amg_hierarchy_report(h);
      if (r < 0)
        rep[k] = *now;
      else if (now->levels != rep[k].levels) {
        fprintf(stderr, "amg_solve: repeat %d of %s built %d levels, the first %d\n", r + 1, names[k],
                now->levels, rep[k].levels);
        code = EXIT_SETUP;
      } else
        for (int l = 0; l < now->levels; l++)
          ms[((size_t)k * AMG_MAX_LEVELS + l) * repeat + r] = now->level[l].ms_galerkin;
      amg_hierarchy_destroy(h);
    }
  for (int k = 0; k < count && repeat > 0 && !code; k++)
    for (int l = 0; l + 1 < rep[k].levels; l++) {
      amg_level_report *lv = &rep[k].level[l];
      lv->ms_galerkin = sort_median(&ms[((size_t)k * AMG_MAX_LEVELS + l) * repeat], repeat);
      lv->galerkin_gflops = lv->ms_galerkin > 0 ? 2.0 * lv->galerkin_products / (lv->ms_galerkin * 1e6) : 0;
    }
  free(ms);
  if (!code) {
    print_hierarchy(stdout, reports[0]);
    if (repeat > 0)
      printf("\nGalerkin times: median of %d setups per column (upper median for even counts), after one "
             "warm-up setup each; sum: of the medians\n", repeat);
    print_order_comparison(stdout, names, reports, count);
  }
  return code;
}

amg_status solve_from(amg_hierarchy *h, const double *b, const double *x0, double *x, int32_t m,
                      amg_solve_report *rep) {
  if (!x0)
    return amg_solve(h, b, x, rep);
  memcpy(x, x0, (size_t)m * sizeof *x);
  return amg_solve_from(h, b, x, rep);
}

/* --repeat: n more setups and solves of the same system (the reported run
 * was the warm-up); every repeat must succeed and take the same number of
 * iterations. Prints the median (upper median for even n), min and max. */
int solve_time_repeats(const app_config *cfg, const fmt_csr *a, const double *b, const double *x0, double *x,
                       int n, int iterations) {
  double *t = malloc(3 * (size_t)n * sizeof *t);
  if (!t) {
    fprintf(stderr, "amg_solve: out of host memory for --repeat\n");
    return EXIT_INPUT;
  }
  int code = 0;
  for (int k = 0; k < n && !code; k++) {
    amg_hierarchy *h = NULL;
    amg_solve_report rep = {0};
    amg_status s = amg_setup(a, &cfg->amg, &h);
    if (s != AMG_OK)
      code = rows_fail(EXIT_SETUP, s, "setup (--repeat)");
    else if ((s = solve_from(h, b, x0, x, a->m, &rep)) != AMG_OK)
      code = rows_fail(EXIT_SOLVE, s, "solve (--repeat)");
    else if (rep.iterations != iterations) {
      fprintf(stderr, "amg_solve: repeat %d took %d iterations, the first run %d\n", k + 1, rep.iterations,
              iterations);
      code = EXIT_SOLVE;
    } else {
      t[k] = amg_hierarchy_report(h)->setup_ms;
      t[n + k] = rep.solve_ms;
      t[2 * n + k] = t[k] + t[n + k];
    }
    amg_solve_report_free(&rep);
    amg_hierarchy_destroy(h);
  }
  if (!code) {
    printf("\nTimes over %d repeats after the run above:\n", n);
    print_spread("setup", t, n);
    print_spread("solve", t + n, n);
    print_spread("setup + solve", t + 2 * n, n);
  }
  free(t);
  return code;
}
