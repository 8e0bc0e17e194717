/* amg_solve --config FILE [--set section.key=value ...] [--backend gpu|cpu]
 *           [--compare-orders [cusparse]] [--repeat N] [--print-config] [--help]
 *
 * Solves A x = b with smoothed-aggregation AMG (PCG by default) for a
 * generated Poisson problem or a Matrix Market matrix, as a libconfig file
 * describes; prints the hierarchy, the setup breakdown, the convergence
 * history and the times, and writes a JSON report and the solution x on
 * request.
 * Exit status: 0 converged; 1 bad usage, configuration or input; 2 setup
 * failed; 3 the solve did not converge (or broke down). */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amg.h"
#include "app_config.h"
#include "file_names.h"
#include "file_rows.h"
#include "solve_exit.h"
#include "solve_output.h"
#include "solve_repeats.h"

#define MAX_SETS 64 /* --set options */

/* code, or EXIT_INPUT (with a message) where stdout could not be written:
 * a full disk or a closed pipe lost what was printed. */
static int with_stdout_checked(int code) {
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "amg_solve: writing to standard output failed\n");
    return code ? code : EXIT_INPUT;
  }
  return code;
}

/* A notice before a FIFO is opened: the open waits for a program at its
 * other end (to write to it, for an input; to read it, for an output),
 * which must not look like a hang. */
static void note_fifo(const char *what, const char *path, int output) {
  if (app_is_fifo(path, output))
    fprintf(stderr, "amg_solve: %s %s is a FIFO: waiting for a program to %s it\n", what, path,
            output ? "read" : "write to");
}

static void usage(FILE *f) {
  fprintf(f, "usage: amg_solve --config FILE [--set section.key=value ...] [--backend gpu|cpu]\n"
             "                 [--compare-orders [cusparse]] [--repeat N] [--print-config] [--help]\n"
             "  --config FILE       libconfig file with sections problem, amg, cycle, solver, output\n"
             "  --set K=V           override one key, e.g. --set amg.coarse_size=200\n"
             "  --backend gpu|cpu   default: the GPU when one is present, else the CPU\n"
             "  --compare-orders    build the hierarchy with both Galerkin orders (and with cuSPARSE\n"
             "                      too when followed by 'cusparse') and compare them per level;\n"
             "                      nothing is solved\n"
             "  --repeat N          after the reported run (the warm-up), set up and solve N more\n"
             "                      times and print the median, min and max times; with\n"
             "                      --compare-orders, each Galerkin time is the median of N setups\n"
             "                      (upper median for even N)\n"
             "  --print-config      print every key with its default and documentation, then exit\n"
             "  --help, -h          print this text, then exit\n");
}

/* The system matrix and a description of it. */
static amg_status build_matrix(const app_config *cfg, fmt_csr **a, char *what, size_t len) {
  if (cfg->problem_type == APP_PROBLEM_MATRIX_MARKET) {
    snprintf(what, len, "matrix market %s", cfg->file);
    note_fifo("problem.file", cfg->file, 0);
    return fmt_mm_read_system(cfg->file, a);
  }
  int dims = fmt_poisson_dims(cfg->stencil);
  snprintf(what, len, "poisson %dD %d-point, n = %d", dims, cfg->stencil, cfg->n);
  return fmt_poisson(cfg->stencil, cfg->n, a);
}

/* output.solution: x, where the solve converged or ran out of iterations
 * (a last iterate worth keeping); the exit code with a write error added,
 * and run->solution set once x is written. */
static int write_solution(const char *path, int32_t n, const double *x, amg_status solved, int code,
                          solve_run *run) {
  if (solved != AMG_OK && solved != AMG_ERR_NOT_CONVERGED) {
    fprintf(stderr, "amg_solve: solution not written to %s: the solve failed\n", path);
    return code;
  }
  solve_flush_stdout(path); /* the tables first, where x goes to the same pipe */
  note_fifo("output.solution", path, 1);
  amg_status s = fmt_mm_write_vector(path, n, x);
  if (s != AMG_OK) {
    int write_code = solve_fail(EXIT_INPUT, s, "solution");
    return code ? code : write_code;
  }
  printf("solution%s written to %s\n", solved == AMG_OK ? "" : " (not converged)", path);
  run->solution = path;
  return code;
}

static amg_status build_rhs(const app_config *cfg, int32_t n, double *b) {
  if (cfg->rhs == APP_RHS_FILE) {
    note_fifo("problem.rhs_file", cfg->rhs_file, 0);
    return fmt_mm_read_vector(cfg->rhs_file, n, b);
  }
  uint64_t state = (uint64_t)cfg->rhs_seed;
  for (int32_t i = 0; i < n; i++) {
    if (cfg->rhs == APP_RHS_ONES) {
      b[i] = 1.0;
      continue;
    }
    uint64_t z = (state += 0x9E3779B97F4A7C15ull); /* splitmix64 */
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    b[i] = 2.0 * ((z ^ (z >> 31)) >> 11) * 0x1.0p-53 - 1.0;
  }
  return AMG_OK;
}

/* The keys that --compare-orders leaves unused (nothing is solved), those
 * set, into list for one notice line. The files are cleared, so that an
 * output that could not be written, or an input pipe named twice, is not
 * refused either; b read from a file becomes ones, which nothing reads. */
static void ignored_in_compare(app_config *cfg, char *list, size_t size) {
  const struct { const char *key, *value; } keys[] = {{"output.report", cfg->report},
                                                      {"output.solution", cfg->solution},
                                                      {"problem.rhs_file", cfg->rhs_file},
                                                      {"problem.x0_file", cfg->x0_file}};
  list[0] = '\0';
  for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
    if (keys[k].value[0])
      snprintf(list + strlen(list), size - strlen(list), "%s%s", list[0] ? ", " : "", keys[k].key);
  cfg->report[0] = cfg->solution[0] = cfg->x0_file[0] = '\0';
  if (cfg->rhs == APP_RHS_FILE && cfg->rhs_file[0]) {
    cfg->rhs = APP_RHS_ONES;
    cfg->rhs_file[0] = '\0';
  }
}

/* The configuration: the file, the --set overrides, the backend; an exit
 * code, 0 to go on. */
static int configure(app_config *cfg, const char *config, const char *const *sets, int nsets,
                     const char *backend, int compare, int with_cusparse) {
  app_config_default(cfg);
  amg_status s = app_config_check_sets(sets, nsets);
  if (s == AMG_OK)
    note_fifo("--config", config, 0);
  if (s == AMG_OK)
    s = app_config_load(cfg, config);
  for (int k = 0; k < nsets && s == AMG_OK; k++)
    s = app_config_set(cfg, sets[k]);
  char ignored[128] = "";
  if (s == AMG_OK && compare)
    ignored_in_compare(cfg, ignored, sizeof ignored);
  if (s == AMG_OK)
    s = app_config_finish(cfg);
  if (s != AMG_OK)
    return solve_fail(EXIT_INPUT, s, "configuration");
  if (backend && strcmp(backend, "gpu") && strcmp(backend, "cpu")) {
    fprintf(stderr, "amg_solve: --backend must be gpu or cpu, not '%s'\n", backend);
    return EXIT_INPUT;
  }
  cfg->amg.backend = !backend ? AMG_BACKEND_AUTO : !strcmp(backend, "gpu") ? AMG_BACKEND_GPU : AMG_BACKEND_CPU;
  if (cfg->amg.backend == AMG_BACKEND_AUTO) {
    int gpus = 0;
    if (fmt_device_probe(&gpus) != AMG_OK) /* a failing driver is named, not taken for "no GPU" */
      fprintf(stderr, "amg_solve: %s; running on the CPU backend\n", amg_error_message());
    else if (gpus < 1)
#ifdef AMG_HAVE_CUDA
      fprintf(stderr, "amg_solve: no GPU found; running on the CPU backend\n");
#else
      fprintf(stderr, "amg_solve: this build has no CUDA backend (AMG_ENABLE_CUDA=OFF); running on the CPU "
                      "backend\n");
#endif
    if (gpus < 1)
      cfg->amg.backend = AMG_BACKEND_CPU;
  }
  s = app_config_check_options(cfg); /* again, now that the backend is known (cusparse needs the GPU) */
  if (s != AMG_OK)
    return solve_fail(EXIT_INPUT, s, "configuration");
  if (compare && with_cusparse && cfg->amg.backend == AMG_BACKEND_CPU) /* worded as amg_options_check's */
    return solve_fail(EXIT_INPUT,
                amg_error(AMG_ERR_CONFIG, "--compare-orders cusparse needs the GPU, and the backend is cpu"),
                "configuration");
  char unused[3 * APP_SOURCE_MAX + 64];
  if (app_config_unused(cfg, unused, sizeof unused))
    fprintf(stderr, "amg_solve: not used by this problem, ignored: %s\n", unused);
  if (ignored[0])
    fprintf(stderr, "amg_solve: --compare-orders solves nothing; ignoring %s\n", ignored);
  return 0;
}

/* amg_device_init on a thread of its own, while the main thread builds or
 * reads the matrix on the host; its message is copied out, since messages
 * are per thread. */
typedef struct gpu_init {
  amg_status status;
  double ms;
  char message[AMG_MESSAGE_MAX];
} gpu_init;

static void *gpu_init_run(void *arg) {
  gpu_init *g = arg;
  g->status = amg_device_init(&g->ms);
  if (g->status != AMG_OK)
    snprintf(g->message, sizeof g->message, "%s", amg_error_message());
  return NULL;
}

/* The matrix, described on stdout, and the GPU initialised where it is used
 * (at the same time as the matrix is built). */
static int prepare_matrix(const app_config *cfg, fmt_csr **a, char *what, size_t len) {
  int gpu = cfg->amg.backend != AMG_BACKEND_CPU;
  gpu_init g = {AMG_OK, 0, ""};
  pthread_t thread;
  int threaded = gpu && pthread_create(&thread, NULL, gpu_init_run, &g) == 0;
  amg_status s = build_matrix(cfg, a, what, len);
  int code = s == AMG_OK ? 0 : solve_fail(EXIT_INPUT, s, "problem"); /* said before the wait below */
  if (threaded)
    pthread_join(thread, NULL); /* CUDA's teardown at exit must not meet a running init */
  else if (gpu && s == AMG_OK)
    gpu_init_run(&g);
  if (code)
    return code;
  printf("amg_solve: %s: %d rows, %lld nonzeros, backend %s\n", what, (*a)->m, (long long)(*a)->nnz,
         gpu ? "gpu" : "cpu");
  if (gpu) {
    if (g.status != AMG_OK)
      return solve_fail(EXIT_SETUP, amg_error(g.status, "%s", g.message), "GPU initialisation");
    printf("amg_solve: GPU initialisation (stream, memory pool, cuSPARSE and cuSOLVER handles, kernel "
           "loading) %.1f ms, once per process\n", g.ms);
  }
  return 0;
}

/* b, room for x, and problem.x0_file's initial guess (*x0 stays NULL for
 * none: zero); the caller frees them, also after a failure. */
static int prepare_vectors(const app_config *cfg, int32_t m, double **b, double **x, double **x0) {
  size_t bytes = ((size_t)m + 1) * sizeof(double);
  *b = malloc(bytes);
  *x = malloc(bytes);
  if (cfg->x0_file[0])
    *x0 = malloc(bytes);
  if (!*b || !*x || (cfg->x0_file[0] && !*x0)) {
    fprintf(stderr, "amg_solve: out of host memory for the vectors\n");
    return EXIT_INPUT;
  }
  amg_status s = build_rhs(cfg, m, *b);
  if (s != AMG_OK)
    return solve_fail(EXIT_INPUT, s, "right-hand side");
  if (!*x0)
    return 0;
  note_fifo("problem.x0_file", cfg->x0_file, 0);
  s = fmt_mm_read_vector(cfg->x0_file, m, *x0);
  return s == AMG_OK ? 0 : solve_fail(EXIT_INPUT, s, "initial guess");
}

/* Sets up and solves, prints the tables, writes x and the report as asked,
 * and runs --repeat; the exit code. The report holds the setup's or the
 * solve's status and message; a later failure (writing x, a repeat) shows
 * on stderr and in the exit code only. */
static int solve_and_report(const app_config *cfg, const char *what, const fmt_csr *a, const double *b,
                            const double *x0, double *x, int repeat) {
  amg_hierarchy *h = NULL;
  amg_solve_report rep = {0};
  char message[AMG_MESSAGE_MAX] = ""; /* copied: a later error replaces amg_error_message() */
  solve_run run = {cfg, what, a->m, a->nnz, NULL, NULL, AMG_OK, message, NULL};
  int code = 0;
  amg_status s = amg_setup(a, &cfg->amg, &h);
  if (s != AMG_OK) {
    run.status = s;
    code = rows_fail(EXIT_SETUP, s, "setup"); /* first: with reorder it names the file's rows too */
    snprintf(message, sizeof message, "%s", amg_error_message());
  } else {
    run.setup = amg_hierarchy_report(h);
    print_hierarchy(stdout, run.setup);
    print_setup_breakdown(stdout, run.setup);
    s = solve_from(h, b, x0, x, a->m, &rep);
    run.solve = &rep;
    run.status = s;
    if (s != AMG_OK) {
      rows_name_file_rows(s);
      snprintf(message, sizeof message, "%s", amg_error_message());
    }
    print_convergence(stdout, &rep, cfg);
    print_totals(stdout, run.setup, &rep);
    if (s != AMG_OK)
      code = solve_fail(EXIT_SOLVE, s, "solve");
    if (cfg->solution[0]) {
      int back = rows_renumber(a->m, x, 0); /* x in the file's numbering */
      code = back ? (code ? code : back) : write_solution(cfg->solution, a->m, x, s, code, &run);
    }
    if (!code && repeat > 0)
      code = solve_time_repeats(cfg, a, b, x0, x, repeat, rep.iterations);
  }
  if (cfg->report[0]) {
    solve_flush_stdout(cfg->report);
    note_fifo("output.report", cfg->report, 1);
    amg_status ws = write_report(cfg->report, &run);
    if (ws != AMG_OK) {
      int report_code = solve_fail(EXIT_INPUT, ws, "report");
      code = code ? code : report_code;
    } else
      printf("report written to %s\n", cfg->report);
  }
  amg_solve_report_free(&rep);
  amg_hierarchy_destroy(h);
  return code;
}

int main(int argc, char **argv) {
  const char *config = NULL, *backend = NULL;
  const char *sets[MAX_SETS];
  int nsets = 0, compare = 0, with_cusparse = 0, repeat = 0;
  signal(SIGXFSZ, SIG_IGN); /* past a file size limit a write fails (EFBIG), reported, the partial file removed */
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--config") && i + 1 < argc) {
      if (config) {
        fprintf(stderr, "amg_solve: --config given twice ('%s', then '%s'); give one\n", config, argv[i + 1]);
        return EXIT_INPUT;
      }
      config = argv[++i];
    } else if (!strcmp(argv[i], "--set") && i + 1 < argc) {
      if (nsets == MAX_SETS) {
        fprintf(stderr, "amg_solve: more than %d --set options\n", MAX_SETS);
        return EXIT_INPUT;
      }
      sets[nsets++] = argv[++i];
    }
    else if (!strcmp(argv[i], "--backend") && i + 1 < argc) {
      if (backend) {
        fprintf(stderr, "amg_solve: --backend given twice ('%s', then '%s'); give one\n", backend, argv[i + 1]);
        return EXIT_INPUT;
      }
      backend = argv[++i];
    }
    else if (!strcmp(argv[i], "--compare-orders")) {
      compare = 1;
      if (i + 1 < argc && !strcmp(argv[i + 1], "cusparse")) {
        with_cusparse = 1;
        i++;
      }
    } else if (!strcmp(argv[i], "--repeat") && i + 1 < argc) {
      if (repeat) {
        fprintf(stderr, "amg_solve: --repeat given twice; give one\n");
        return EXIT_INPUT;
      }
      char *end = NULL;
      long v = strtol(argv[++i], &end, 10);
      if (*argv[i] < '0' || *argv[i] > '9' || *end || v < 1 || v > 1000) { /* digits only: not "", "+3" */
        fprintf(stderr, "amg_solve: --repeat takes a count in 1..1000, not '%s'\n", argv[i]);
        return EXIT_INPUT;
      }
      repeat = (int)v;
    } else if (!strcmp(argv[i], "--print-config")) {
      app_config_print_reference(stdout);
      return with_stdout_checked(0);
    } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      usage(stdout);
      return with_stdout_checked(0);
    } else {
      fprintf(stderr, "amg_solve: unknown or incomplete argument '%s'\n", argv[i]);
      usage(stderr);
      return EXIT_INPUT;
    }
  }
  if (!config) {
    usage(stderr);
    return EXIT_INPUT;
  }
  app_config cfg;
  int code = configure(&cfg, config, sets, nsets, backend, compare, with_cusparse);
  if (code)
    return code;

  char what[APP_PATH_MAX + 64];
  fmt_csr *a = NULL;
  double *b = NULL, *x = NULL, *x0 = NULL;
  code = prepare_matrix(&cfg, &a, what, sizeof what);
  if (!code)
    code = rows_reorder(&cfg, &a);
  if (!code && compare)
    code = solve_compare_orders(&cfg, a, with_cusparse, repeat);
  else if (!code) {
    code = prepare_vectors(&cfg, a->m, &b, &x, &x0);
    if (!code)
      code = rows_renumber(a->m, b, 1);
    if (!code)
      code = rows_renumber(a->m, x0, 1);
    if (!code)
      code = solve_and_report(&cfg, what, a, b, x0, x, repeat);
  }
  fmt_csr_destroy(a); /* the one exit after the matrix: everything is freed */
  free(b);
  free(x);
  free(x0);
  rows_free();
  return with_stdout_checked(code);
}
