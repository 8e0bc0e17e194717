/* amg_solve's configuration: a libconfig file with sections problem, amg,
 * cycle, solver and output, plus --set overrides, turned into the plain C
 * structs the library takes. libconfig is used here only (apps/).
 *
 * One schema table (config_schema.c) lists every key with its type, default,
 * range and one line of documentation; it drives parsing, --set, the error
 * messages (file:line for the file, the option for --set) and the generated
 * reference (app_config_print_reference). Unknown keys, wrong types and
 * values out of range are errors, never ignored. */
#ifndef APPS_APP_CONFIG_H
#define APPS_APP_CONFIG_H

#include <stdio.h>

#include "amg.h"

#define APP_PATH_MAX 1024
#define APP_KEYS_MAX 48    /* room for the schema's keys (config_schema.c checks) */
#define APP_SOURCE_MAX 512 /* a key's source: "file:line" (its end, where longer) or "--set ..." */
#define APP_CONFIG_FILES_MAX 32 /* the most files one configuration reads: the file and its @includes */

typedef enum app_problem_type { APP_PROBLEM_POISSON = 0, APP_PROBLEM_MATRIX_MARKET } app_problem_type;
typedef enum app_rhs { APP_RHS_ONES = 0, APP_RHS_RANDOM, APP_RHS_FILE } app_rhs;
typedef enum app_reorder { APP_REORDER_NONE = 0, APP_REORDER_RCM } app_reorder;

typedef struct app_config {
  /* problem */
  app_problem_type problem_type; /* problem.type: "poisson" | "matrix_market" */
  int stencil;                   /* problem.stencil: 5, 9 (2D) or 7, 27 (3D) */
  int32_t n;                     /* problem.n: grid points per side */
  char file[APP_PATH_MAX];       /* problem.file: Matrix Market path (relative to the config file) */
  app_rhs rhs;                   /* problem.rhs: "ones" | "random" | "file" */
  int64_t rhs_seed;              /* problem.rhs_seed */
  char rhs_file[APP_PATH_MAX];   /* problem.rhs_file: Matrix Market array or n x 1 coordinate
                                    matrix, or one value per line (relative to the config file) */
  char x0_file[APP_PATH_MAX];    /* problem.x0_file: initial guess, "" for zero (relative to the config file) */
  app_reorder reorder;           /* problem.reorder: "none" | "rcm" (b, x0 and x stay in the file's numbering) */
  /* amg, cycle, solver and output.verbose: straight into the library's options */
  amg_options amg;
  /* output */
  char report[APP_PATH_MAX];     /* output.report: JSON report path, "" for none */
  char solution[APP_PATH_MAX];   /* output.solution: x as a Matrix Market array, "" for none */
  /* where each key was last set, in the schema's order ("" for its default),
     so that checks across keys can name a file:line */
  char source[APP_KEYS_MAX][APP_SOURCE_MAX];
  /* the configuration files read (the file and the files it @includes),
     which no output may overwrite; a pipe among them, which no input may
     read again */
  int config_files;
  struct app_config_file {
    uint64_t dev, ino;
    char name[APP_PATH_MAX]; /* as messages show it */
  } config_file[APP_CONFIG_FILES_MAX];
} app_config;

/* Fills the documented defaults. */
void app_config_default(app_config *cfg);

/* Reads a libconfig file over the current values. Errors (AMG_ERR_CONFIG,
 * or AMG_ERR_IO for a missing file) name path:line, or the @included file
 * and its line. Relative paths in the file are resolved against the file's
 * directory. */
amg_status app_config_load(app_config *cfg, const char *path);

/* Applies one "section.key=value" override, typed by the schema; errors
 * name the --set argument. */
amg_status app_config_set(app_config *cfg, const char *assignment);

/* A key given by two of the assignments (--set options) is an error, as a
 * key given twice in a file is: nothing is taken silently over another
 * value. app_config_set itself lets a later call replace a value. */
amg_status app_config_check_sets(const char *const *sets, int nsets);

/* Cross-key checks after everything is read (e.g. matrix_market needs a
 * file, rhs = "file" needs rhs_file, problem.file and rhs_file must not be
 * set where nothing reads them, output.solution must not name the same file
 * as output.report, an input file or a configuration file, nor a place it
 * cannot be written), then amg_options_check. */
amg_status app_config_finish(app_config *cfg);

/* The keys set (in a file or by --set) that the chosen problem does not
 * use, such as problem.n with type = "matrix_market", with where each was
 * set, in list (cut at size bytes); returns how many. */
int app_config_unused(const app_config *cfg, char *list, size_t size);

/* amg_options_check on cfg->amg again, its message led by where the keys it
 * names were set (for amg_solve, once the backend is known). */
amg_status app_config_check_options(const app_config *cfg);

/* Writes every key with its default and documentation, as a commented
 * libconfig file (the reference in the README and configs/ comes from it). */
void app_config_print_reference(FILE *f);

#endif
