/* amg_solve's human-readable tables and its JSON report. */
#ifndef APPS_SOLVE_OUTPUT_H
#define APPS_SOLVE_OUTPUT_H

#include <stdio.h>

#include "amg.h"
#include "app_config.h"

typedef struct solve_run {
  const app_config *cfg;
  const char *problem;   /* one-line description */
  int32_t rows;
  int64_t nnz;
  const amg_setup_report *setup;   /* NULL if setup failed */
  const amg_solve_report *solve;   /* NULL if not reached */
  amg_status status;
  const char *message;   /* the failure, "" when converged */
  const char *solution;  /* where x was written (output.solution), NULL if it was not */
} solve_run;

void print_hierarchy(FILE *f, const amg_setup_report *r);
void print_setup_breakdown(FILE *f, const amg_setup_report *r);
void print_convergence(FILE *f, const amg_solve_report *s, const app_config *cfg);
void print_totals(FILE *f, const amg_setup_report *r, const amg_solve_report *s);
/* Galerkin time, flops and intermediate nnz per level, for several setups side by side. */
void print_order_comparison(FILE *f, const char *const *names, const amg_setup_report *const *reports,
                            int count);
/* Writes the whole run as JSON; AMG_ERR_IO naming the path on failure. */
amg_status write_report(const char *path, const solve_run *run);

#endif
