/* What the GPU benchmarks share: their messages and exit on a failed call,
 * the Poisson problems of the Galerkin study, and the options that pick the
 * inputs (--problem, --n, --mtx, --reps, --json). */
#ifndef APPS_BENCH_COMMON_H
#define APPS_BENCH_COMMON_H

#include <stdint.h>

#include "formats.h"
#include "json_writer.h"

/* Each benchmark program defines its name, with which every message starts,
 * and its usage text. */
extern const char bench_program[];
extern const char bench_usage_text[];

/* A command-line error: prints "<program>: " and the formatted reason, then
 * the usage text, and exits with 2. */
_Noreturn void bench_usage(const char *fmt, ...);
/* --help or -h: the usage text on stdout, exit 0 (1 if stdout fails). */
_Noreturn void bench_help(void);

/* The exit code at the end of a run: 0, or 1 with a message where stdout
 * could not be written (the results table lost). */
int bench_finish(void);

/* Creates the --json file path (none where path is NULL) before the run, so
 * that a bad path is known at once: exits with 2 and a message if it cannot.
 * An exit before bench_json_close removes the file again. */
json_writer *bench_json_create(const char *path); /* NULL where path is NULL */

/* Closes the --json file that bench_json_create opened; where a write or
 * the close failed, exits with 1 and a message, the partial file removed. */
void bench_json_close(json_writer *w);

/* Option arg's value val (argv's next word); a usage error where it is
 * missing or is itself an option (starts with "--"). */
const char *bench_value(const char *arg, const char *val);

/* Prints "<program>: what: status: message" and exits with 1. */
_Noreturn void bench_die(amg_status s, const char *what);
#define TRY(expr)                                                                                  \
  do {                                                                                             \
    amg_status s_ = (expr);                                                                        \
    if (s_ != AMG_OK)                                                                              \
      bench_die(s_, #expr);                                                                        \
  } while (0)

/* Exits with "<program>: too many figures" when count has reached capacity. */
void bench_check_room(int count, int capacity);

/* 1 if a GPU can run the benchmark; else 0, and a message: no GPU, or the
 * error of a driver that fails (fmt_device_probe). */
int bench_gpu_present(void);

/* The part of path after its last '/'. */
const char *bench_basename(const char *path);

/* 2D 5- and 9-point on 1024^2, 3D 7- and 27-point on 101^3. */
#define BENCH_PROBLEMS 4
typedef struct bench_problem {
  const char *name;
  int stencil;
  int32_t n;
} bench_problem;

typedef struct bench_options {
  int chosen[BENCH_PROBLEMS], any; /* --problem */
  int32_t n;                       /* --n: every problem's n when > 0 */
  const char *mtx, *json;
  int reps;                        /* the caller sets the default */
} bench_options;

/* The integer value of option arg; exits with 2 and a message naming arg
 * unless val is a whole decimal number in lo..hi. */
int bench_int_option(const char *arg, const char *val, int lo, int hi);

/* Takes one of the options above with its value: 1 if taken, 0 if arg is
 * none of them; a usage error where --problem names no problem. */
int bench_take_option(bench_options *o, const char *arg, const char *val);

/* A usage error (exit 2) where --json names the --mtx file (app_same_file),
 * before anything is opened. */
void bench_check_paths(const bench_options *o);

/* 1 and problem k in *pb (with --n applied) if it is to be run: picked by
 * --problem, or every problem when neither --problem nor --mtx was given. */
int bench_selected_problem(const bench_options *o, int k, bench_problem *pb);

#endif
