/* The checks across keys once a configuration is read (app_config_finish
 * and the calls after it): inputs that nothing reads, outputs that would
 * overwrite an input, a configuration file or each other, or that cannot
 * be written, a pipe read twice; then the library's own option checks. */
#define _POSIX_C_SOURCE 200809L

#include "app_config.h"
#include "config_schema.h"
#include "config_text.h"
#include "config_values.h"
#include "file_names.h"
#include "formats.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h> /* access */

/* The configuration file that path names (following links), or NULL. */
static const char *config_file_at(const app_config *cfg, const char *path) {
  struct stat st;
  const struct app_config_file *file = stat(path, &st) == 0 ? app_noted_config_file(cfg, &st) : NULL;
  return file ? file->name : NULL;
}

/* Whether path is a pipe (a FIFO, or an anonymous pipe reached as
 * /dev/stdin or /dev/fd/N): its data can be read once. */
static int is_pipe(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISFIFO(st.st_mode);
}

/* An output path that cannot be written (a directory, a missing or
 * read-only directory, a read-only file), found before the setup and solve
 * rather than after them. Writing can still fail later (a full disk). */
static amg_status check_output_place(const app_config *cfg, const char *key, const char *path) {
  struct stat st;
  const char *why = NULL, *what = path;
  char dir[APP_PATH_MAX];
  if (!path[0])
    return AMG_OK;
  if (stat(path, &st) == 0) {
    if (S_ISDIR(st.st_mode))
      why = strerror(EISDIR);
    else if (access(path, W_OK) != 0)
      why = strerror(errno);
    else if (fmt_held_fifo(path, 1) >= 0) { /* an open that does not wait: is its reader still there? */
      FILE *f = fmt_open_file(path, 1);
      if (!f)
        why = errno == ENXIO ? "no program reads the FIFO any more" : strerror(errno);
      else
        fclose(f);
    }
  } else if (errno != ENOENT) {
    why = strerror(errno);
  } else { /* a new file: its directory must exist and take it */
    app_parent_dir(path, dir, sizeof dir);
    what = dir;
    if (stat(dir, &st) != 0)
      why = strerror(errno);
    else if (!S_ISDIR(st.st_mode))
      why = strerror(ENOTDIR);
    else if (access(dir, W_OK | X_OK) != 0)
      why = strerror(errno);
  }
  if (!why)
    return AMG_OK;
  return app_at_key_sources(cfg, amg_error(AMG_ERR_IO, "%s = \"%s\" cannot be written (%s: %s)", key, path, what, why));
}

/* The files written (output.solution, output.report) must differ from each
 * other, from every input file that is read, from the configuration's
 * files and from the files that stdout and stderr go to, and be writable
 * where they are. */
static amg_status check_output_paths(const app_config *cfg) {
  const struct { const char *key, *value; int used, output; } files[] = {
      {"output.solution", cfg->solution, 1, 1},
      {"output.report", cfg->report, 1, 1},
      {"problem.file", cfg->file, cfg->problem_type == APP_PROBLEM_MATRIX_MARKET, 0},
      {"problem.rhs_file", cfg->rhs_file, cfg->rhs == APP_RHS_FILE, 0},
      {"problem.x0_file", cfg->x0_file, 1, 0}};
  size_t count = sizeof files / sizeof files[0];
  for (size_t o = 0; o < count && files[o].output; o++)
    for (size_t k = o + 1; k < count; k++)
      if (files[o].value[0] && files[k].used && files[k].value[0] && app_same_file(files[o].value, files[k].value))
        return app_at_key_sources(cfg, amg_error(AMG_ERR_CONFIG,
                                                 "%s = \"%s\" is the same file as %s = \"%s\"; give %s another path",
                                                 files[o].key, files[o].value, files[k].key, files[k].value,
                                                 files[o].key));
  for (size_t o = 0; o < count && files[o].output; o++) {
    /* a pipe the configuration came from is not overwritten: written, it is a FIFO like another */
    const char *config = files[o].value[0] && !is_pipe(files[o].value) ? config_file_at(cfg, files[o].value) : NULL;
    if (config)
      return app_at_key_sources(cfg, amg_error(AMG_ERR_CONFIG,
                                               "%s = \"%s\" is the configuration file %s; give %s another path",
                                               files[o].key, files[o].value, config, files[o].key));
  }
  for (size_t o = 0; o < count && files[o].output; o++)
    for (int fd = 1; fd <= 2 && files[o].value[0]; fd++)
      if (app_is_fd_file(files[o].value, fd)) /* opened with "w", it would be emptied under the tables */
        return app_at_key_sources(cfg, amg_error(AMG_ERR_CONFIG,
                                                 "%s = \"%s\" is the file that standard %s is written to; give %s "
                                                 "another path",
                                                 files[o].key, files[o].value, fd == 1 ? "output" : "error",
                                                 files[o].key));
  for (size_t o = 0; o < count && files[o].output; o++) {
    int reader = files[o].value[0] && fmt_held_fifo(files[o].value, 1) < 0 ? fmt_held_fifo(files[o].value, 0) : -1;
    if (reader >= 0) { /* its writes would wait on amg_solve's own reads */
      char held[48];
      snprintf(held, sizeof held, reader == 0 ? "its standard input" : "descriptor %d", reader);
      return app_at_key_sources(cfg, amg_error(AMG_ERR_CONFIG,
                                               "%s = \"%s\" is a FIFO that amg_solve reads (%s); give %s another "
                                               "path",
                                               files[o].key, files[o].value, held, files[o].key));
    }
  }
  for (size_t o = 0; o < count && files[o].output; o++) {
    amg_status st = check_output_place(cfg, files[o].key, files[o].value);
    if (st != AMG_OK)
      return st;
  }
  return AMG_OK;
}

/* Two inputs read from one pipe, or an input read from the pipe the
 * configuration came from: the second read would find the pipe empty, or
 * (a FIFO opened again) wait for good for a writer that has finished. */
static amg_status check_pipe_inputs(const app_config *cfg) {
  const struct { const char *key, *value; int used; } inputs[] = {
      {"problem.file", cfg->file, cfg->problem_type == APP_PROBLEM_MATRIX_MARKET},
      {"problem.rhs_file", cfg->rhs_file, cfg->rhs == APP_RHS_FILE},
      {"problem.x0_file", cfg->x0_file, 1}};
  enum { COUNT = sizeof inputs / sizeof inputs[0] };
  int piped[COUNT]; /* an input read, from a pipe */
  for (size_t i = 0; i < COUNT; i++)
    piped[i] = inputs[i].used && inputs[i].value[0] && is_pipe(inputs[i].value);
  for (size_t i = 0; i < COUNT; i++) {
    if (!piped[i])
      continue;
    const char *config = config_file_at(cfg, inputs[i].value);
    if (config)
      return app_at_key_sources(cfg, amg_error(AMG_ERR_CONFIG,
                                               "%s = \"%s\" is the pipe the configuration %s was read from; a "
                                               "pipe can be read once: give %s a file",
                                               inputs[i].key, inputs[i].value, config, inputs[i].key));
    for (size_t k = i + 1; k < COUNT; k++)
      if (piped[k] && app_same_file(inputs[i].value, inputs[k].value))
        return app_at_key_sources(cfg, amg_error(AMG_ERR_CONFIG,
                                                 "%s = \"%s\" and %s = \"%s\" are one pipe, which can be read "
                                                 "once; give one of them a file",
                                                 inputs[i].key, inputs[i].value, inputs[k].key, inputs[k].value));
  }
  return AMG_OK;
}

/* A file key set (not "") where the problem reads no such file: the data
 * the user meant is not what would be solved. */
static amg_status check_unread_files(const app_config *cfg) {
  if (cfg->file[0] && cfg->problem_type != APP_PROBLEM_MATRIX_MARKET)
    return app_at_key_sources(cfg, amg_error(AMG_ERR_CONFIG,
                                             "problem.file = \"%s\" is set, but problem.type = \"%s\" does not "
                                             "read it; set problem.type = \"matrix_market\", or problem.file = \"\"",
                                             cfg->file,
                                             app_choice_name(app_key_find("problem.type"), cfg->problem_type)));
  if (cfg->rhs_file[0] && cfg->rhs != APP_RHS_FILE)
    return app_at_key_sources(cfg, amg_error(AMG_ERR_CONFIG,
                                             "problem.rhs_file = \"%s\" is set, but problem.rhs = \"%s\" does not "
                                             "read it; set problem.rhs = \"file\", or problem.rhs_file = \"\"",
                                             cfg->rhs_file, app_choice_name(app_key_find("problem.rhs"), cfg->rhs)));
  return AMG_OK;
}

amg_status app_config_finish(app_config *cfg) {
  if (!cfg)
    return amg_error(AMG_ERR_ARG, "app_config_finish: NULL argument");
  amg_status st = check_output_paths(cfg);
  if (st == AMG_OK)
    st = check_unread_files(cfg);
  if (st == AMG_OK)
    st = check_pipe_inputs(cfg);
  if (st != AMG_OK)
    return st;
  if (cfg->problem_type == APP_PROBLEM_MATRIX_MARKET && cfg->file[0] == '\0')
    return app_at_key_sources(cfg, amg_error(AMG_ERR_CONFIG, "problem.type = \"matrix_market\" needs problem.file"));
  if (cfg->rhs == APP_RHS_FILE && cfg->rhs_file[0] == '\0')
    return app_at_key_sources(cfg, amg_error(AMG_ERR_CONFIG, "problem.rhs = \"file\" needs problem.rhs_file"));
  if (cfg->problem_type == APP_PROBLEM_POISSON) {
    int s = cfg->stencil;
    int dims = fmt_poisson_dims(s);
    if (dims == 0)
      return amg_error(AMG_ERR_CONFIG, "problem.stencil = %d is not one of 5, 9, 7, 27", s);
    if (cfg->n < 1)
      return amg_error(AMG_ERR_CONFIG, "problem.n = %d is not >= 1", (int)cfg->n);
    int64_t rows = cfg->n;
    for (int d = 1; d < dims; d++) {
      if (rows > INT32_MAX / cfg->n)
        return app_at_key_sources(
            cfg, amg_error(AMG_ERR_CONFIG, "problem.n = %d with problem.stencil = %d gives %d^%d rows, more than "
                           "2^31-1", (int)cfg->n, s, (int)cfg->n, dims));
      rows *= cfg->n;
    }
  }
  return app_config_check_options(cfg);
}

int app_config_unused(const app_config *cfg, char *list, size_t size) {
  const struct { const char *key; int unused; } checks[] = {
      {"problem.stencil", cfg->problem_type == APP_PROBLEM_MATRIX_MARKET},
      {"problem.n", cfg->problem_type == APP_PROBLEM_MATRIX_MARKET},
      {"problem.rhs_seed", cfg->rhs != APP_RHS_RANDOM}};
  int found = 0;
  if (size > 0)
    list[0] = '\0';
  for (size_t c = 0; c < sizeof checks / sizeof checks[0]; c++) {
    const app_key *k = app_key_find(checks[c].key);
    if (!checks[c].unused || !cfg->source[k - app_keys][0])
      continue;
    size_t used = strlen(list);
    if (size > used)
      snprintf(list + used, size - used, "%s%s (%s)", found ? ", " : "", checks[c].key, cfg->source[k - app_keys]);
    found++;
  }
  return found;
}

amg_status app_config_check_options(const app_config *cfg) {
  return app_at_key_sources(cfg, amg_options_check(&cfg->amg)); /* its messages name the keys */
}

