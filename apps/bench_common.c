/* What the GPU benchmarks share (see bench_common.h). */
#include "bench_common.h"
#include "file_names.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const bench_problem problems[BENCH_PROBLEMS] = {
    {"2d5", 5, 1024}, {"2d9", 9, 1024}, {"3d7", 7, 101}, {"3d27", 27, 101}};

_Noreturn void bench_die(amg_status s, const char *what) {
  fprintf(stderr, "%s: %s: %s: %s\n", bench_program, what, amg_status_name(s), amg_error_message());
  exit(1);
}

void bench_check_room(int count, int capacity) {
  if (count >= capacity) {
    fprintf(stderr, "%s: too many figures\n", bench_program);
    exit(1);
  }
}

int bench_gpu_present(void) {
  int gpus = 0;
  if (fmt_device_probe(&gpus) != AMG_OK)
    fprintf(stderr, "%s: %s\n", bench_program, amg_error_message());
  else if (gpus < 1)
    fprintf(stderr, "%s: no GPU found (or built without CUDA); it measures GPU code only\n", bench_program);
  return gpus > 0;
}

const char *bench_basename(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

_Noreturn void bench_usage(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: ", bench_program);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "\n%s", bench_usage_text);
  exit(2);
}

/* 0 once stdout holds what was printed; else 1, and a message naming what. */
static int stdout_written(const char *what) {
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "%s: writing the %s to stdout failed: %s\n", bench_program, what,
            errno ? strerror(errno) : "unknown error");
    return 1;
  }
  return 0;
}

_Noreturn void bench_help(void) {
  fputs(bench_usage_text, stdout);
  exit(stdout_written("usage"));
}

void bench_check_paths(const bench_options *o) {
  if (o->json && o->mtx && app_same_file(o->json, o->mtx))
    bench_usage("--json %s is the matrix --mtx %s: writing the JSON would destroy it; give --json another path",
                o->json, o->mtx);
}

int bench_finish(void) { return stdout_written("results"); }

/* The --json file, open from start-up; unfinished until bench_json_close,
 * and removed at an exit before then (a failed call, nothing measured).
 * Static, so that it outlives main's frame for the exit handler. */
static json_writer json_file;
static int unfinished;

static void remove_unfinished(void) {
  if (unfinished)
    json_abandon(&json_file);
}

json_writer *bench_json_create(const char *path) {
  if (!path)
    return NULL;
  if (json_create(&json_file, path) != 0) {
    fprintf(stderr, "%s: --json %s: %s\n", bench_program, path, strerror(errno));
    exit(2);
  }
  unfinished = 1;
  atexit(remove_unfinished);
  return &json_file;
}

void bench_json_close(json_writer *w) {
  int err;
  const char *note;
  unfinished = 0;
  if (json_close(w, &err, &note) == 0)
    return;
  fprintf(stderr, "%s: --json %s: writing failed: %s%s\n", bench_program, w->out.path,
          err ? strerror(err) : "unknown error", note);
  exit(1);
}

const char *bench_value(const char *arg, const char *val) {
  if (!val)
    bench_usage("%s: unknown option, or its value is missing", arg);
  if (!strncmp(val, "--", 2))
    bench_usage("%s needs a value, not the option %s", arg, val);
  return val;
}

int bench_int_option(const char *arg, const char *val, int lo, int hi) {
  char *end;
  errno = 0;
  long v = strtol(val, &end, 10);
  if (end == val || *end != '\0' || errno == ERANGE || v < lo || v > hi) {
    fprintf(stderr, "%s: %s '%s' is not an integer in %d..%d\n", bench_program, arg, val, lo, hi);
    exit(2);
  }
  return (int)v;
}

int bench_take_option(bench_options *o, const char *arg, const char *val) {
  if (!strcmp(arg, "--problem")) {
    int k = 0;
    while (k < BENCH_PROBLEMS && strcmp(problems[k].name, val))
      k++;
    if (k == BENCH_PROBLEMS)
      bench_usage("--problem '%s' is not one of 2d5, 2d9, 3d7, 3d27", val);
    o->chosen[k] = o->any = 1;
  } else if (!strcmp(arg, "--n"))
    o->n = bench_int_option(arg, val, 1, INT32_MAX); /* fmt_poisson checks n per dimension */
  else if (!strcmp(arg, "--mtx"))
    o->mtx = val;
  else if (!strcmp(arg, "--reps"))
    o->reps = bench_int_option(arg, val, 1, 1000000);
  else if (!strcmp(arg, "--json"))
    o->json = val;
  else
    return 0;
  return 1;
}

int bench_selected_problem(const bench_options *o, int k, bench_problem *pb) {
  if (!o->chosen[k] && (o->any || o->mtx))
    return 0;
  *pb = problems[k];
  if (o->n > 0)
    pb->n = o->n;
  return 1;
}
