/* amg_solve's configuration (see app_config.h): one schema table
 * (config_schema.c) drives the file reader, the --set overrides, the
 * defaults and the generated reference. This file reads a file or a --set
 * assignment into app_config; config_checks.c checks across keys.
 *
 * Every value, from a file, from --set or from the table's default text,
 * becomes an app_value (what was written: an integer, a float, a bool, a
 * string, or an aggregate) and goes through app_key_apply (config_values.c),
 * which checks its type against the key's, checks its range and stores it
 * at the key's offset in app_config. Messages begin with where the value
 * came from, "path:line" or "--set assignment". A load applies the whole
 * file or changes nothing.
 *
 * Relative input paths (problem.file, problem.rhs_file, problem.x0_file) in a file are
 * resolved against that file's directory, and so are @include directives;
 * paths from --set are kept as given, i.e. relative to the current directory.
 *
 * A file's text, and the text of every file it @includes, is checked
 * before and after libconfig parses it (config_text.c), for what
 * libconfig 1.5 gets wrong. */
#include "app_config.h"
#include "config_schema.h"
#include "config_text.h"
#include "config_values.h"

#include <ctype.h>
#include <libconfig.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void setting_where(const config_setting_t *s, const char *path, char *buf, size_t n) {
  app_source_where(config_setting_source_file(s), (int)config_setting_source_line(s), path, buf, n);
}

static amg_status read_section(app_config *cfg, const config_setting_t *sec, const char *path) {
  char where[AMG_MESSAGE_MAX], name[256];
  for (int j = 0; j < config_setting_length(sec); j++) {
    const config_setting_t *s = config_setting_get_elem(sec, (unsigned)j);
    setting_where(s, path, where, sizeof where);
    snprintf(name, sizeof name, "%s.%s", config_setting_name(sec), config_setting_name(s));
    const app_key *k = app_key_find(name);
    if (!k)
      return app_unknown_key(where, name);
    app_value v;
    app_value_of_setting(s, &v);
    amg_status st = app_key_apply(cfg, k, &v, where, path);
    if (st != AMG_OK)
      return st;
  }
  return AMG_OK;
}

static amg_status read_root(app_config *cfg, const config_setting_t *root, const char *path) {
  char where[AMG_MESSAGE_MAX];
  for (int i = 0; i < config_setting_length(root); i++) {
    const config_setting_t *sec = config_setting_get_elem(root, (unsigned)i);
    const char *name = config_setting_name(sec);
    setting_where(sec, path, where, sizeof where);
    if (!app_is_section(name))
      return app_unknown_section(where, name);
    if (config_setting_type(sec) != CONFIG_TYPE_GROUP) {
      app_value v;
      app_value_of_setting(sec, &v);
      return amg_error(AMG_ERR_CONFIG, "%s: %s must be a group, %s = { ... }; (got %s)", where, name,
                       name, app_value_kind_name(v.kind));
    }
    amg_status st = read_section(cfg, sec, path);
    if (st != AMG_OK)
      return st;
  }
  return AMG_OK;
}

/* ---- the interface ---- */

void app_config_default(app_config *cfg) {
  memset(cfg, 0, sizeof *cfg);
  amg_options_default(&cfg->amg); /* fields with no key (backend) keep the library's default */
  char text[64];
  for (int k = 0; k < app_key_count; k++) {
    app_value v;
    snprintf(text, sizeof text, "%s", app_keys[k].def);
    /* Cannot fail for a correct table; test_config checks every default. */
    if (app_value_of_text(&app_keys[k], text, "default", &v) == AMG_OK)
      app_key_store(cfg, &app_keys[k], &v, "default", NULL);
  }
}

/* The directory that path's @include directives are relative to, as
 * libconfig is told it (malloc'd), or NULL for the current one. */
static amg_status include_dir(const char *path, char **dir) {
  const char *slash = strrchr(path, '/');
  *dir = NULL;
  if (!slash)
    return AMG_OK;
  size_t n = slash == path ? 1 : (size_t)(slash - path);
  if (!(*dir = malloc(n + 1)))
    return amg_error(AMG_ERR_NOMEM, "%s: out of memory", path);
  memcpy(*dir, path, n);
  (*dir)[n] = '\0';
  return AMG_OK;
}

/* A newline appended to a text that ends in a # or // comment with none
 * after it, which libconfig 1.5 reads as a syntax error (parse_text
 * names an @included file that does). Only there: a syntax error at the
 * end of another text keeps its line. */
static amg_status end_with_newline(char **text, const char *path) {
  size_t n = strlen(*text);
  char *longer = realloc(*text, n + 2);
  if (!longer)
    return amg_error(AMG_ERR_NOMEM, "%s: out of memory", path);
  longer[n] = '\n';
  longer[n + 1] = '\0';
  *text = longer;
  return AMG_OK;
}

/* libconfig's reading of path's text; its error naming file:line. Its
 * "syntax error" at the end of an @included file that ends in a comment
 * (end->included_line) says why; an error before it is libconfig's own. */
static amg_status parse_text(config_t *lc, const char *text, const char *path, const app_text_end *end) {
  int read = config_read_string(lc, text);
  if (read && !end->included_line)
    return AMG_OK;
  char where[AMG_MESSAGE_MAX] = "", quoted[96] = "", comment_at[AMG_MESSAGE_MAX + 16];
  int line = config_error_line(lc);
  if (!read && end->top && !config_error_file(lc)) { /* not on the line end_with_newline added */
    int lines = 0;
    for (const char *c = text; *c; c++)
      lines += *c == '\n';
    line = line > lines ? lines : line;
  }
  if (!read)
    app_source_where(config_error_file(lc), line, path, where, sizeof where);
  if (end->included_line) {
    snprintf(comment_at, sizeof comment_at, "%s:%d", end->included, end->included_line);
    int at_comment = !read && !strcmp(where, comment_at) && !strcmp(config_error_text(lc), "syntax error");
    if (read || at_comment)
      return amg_error(AMG_ERR_CONFIG, "%s: the file ends in a comment with no newline after it, which libconfig "
                       "1.5 reads as a syntax error: end the file with a newline", comment_at);
  }
  if (!config_error_file(lc)) /* in this file's text: quote the line (an @include names its file there) */
    app_quote_line(text, line, quoted, sizeof quoted);
  return amg_error(config_error_type(lc) == CONFIG_ERR_FILE_IO ? AMG_ERR_IO : AMG_ERR_CONFIG, "%s: %s%s",
                   where, config_error_text(lc), quoted);
}

/* The settings read, applied to a copy of cfg and then to cfg: all or nothing. */
static amg_status apply_settings(app_config *cfg, const config_t *lc, const char *path) {
  app_config *work = malloc(sizeof *work);
  if (!work)
    return amg_error(AMG_ERR_NOMEM, "%s: out of memory", path);
  *work = *cfg;
  amg_status st = read_root(work, config_root_setting(lc), path);
  if (st == AMG_OK)
    *cfg = *work;
  free(work);
  return st;
}

amg_status app_config_load(app_config *cfg, const char *path) {
  if (!cfg || !path)
    return amg_error(AMG_ERR_ARG, "app_config_load: NULL argument");
  char *text = NULL, *dir = NULL;
  int too_deep = 0; /* app_text_check's */
  app_text_end end = {0};
  amg_status st = app_text_read(path, &text, cfg);
  if (st == AMG_OK)
    st = include_dir(path, &dir);
  config_t lc;
  config_init(&lc);
  if (dir)
    config_set_include_dir(&lc, dir);
  if (st == AMG_OK) /* every @include a readable file, before libconfig's scanner opens it */
    st = app_text_check(path, text, dir, 0, &too_deep, &end, cfg);
  if (st == AMG_OK && end.top)
    st = end_with_newline(&text, path);
  if (st == AMG_OK)
    st = parse_text(&lc, text, path, &end);
  if (st == AMG_OK) /* integer literals, in the included files too */
    st = app_text_check(path, text, dir, 1, &too_deep, NULL, NULL);
  if (st == AMG_OK)
    st = apply_settings(cfg, &lc, path);
  config_destroy(&lc);
  free(dir);
  free(text);
  return st;
}

static char *trim(char *s) {
  while (isspace((unsigned char)*s)) s++;
  size_t n = strlen(s);
  while (n > 0 && isspace((unsigned char)s[n - 1])) s[--n] = '\0';
  return s;
}

amg_status app_config_set(app_config *cfg, const char *assignment) {
  if (!cfg || !assignment)
    return amg_error(AMG_ERR_ARG, "app_config_set: NULL argument");
  /* a long assignment is cut short so that the message still fits */
  char where[160];
  if (strlen(assignment) > 120)
    snprintf(where, sizeof where, "--set %.100s...", assignment);
  else
    snprintf(where, sizeof where, "--set %s", assignment);
  char *copy = malloc(strlen(assignment) + 1);
  if (!copy)
    return amg_error(AMG_ERR_NOMEM, "%s: out of memory", where);
  strcpy(copy, assignment);

  amg_status st;
  char *eq = strchr(copy, '=');
  if (eq) *eq = '\0';
  char *name = trim(copy);
  const app_key *k = NULL;
  if (!eq || name[0] == '\0') {
    st = amg_error(AMG_ERR_CONFIG, "%s: expected section.key=value", where);
  } else if (!(k = app_key_find(name))) {
    st = app_unknown_key(where, name);
  } else {
    app_value v;
    st = app_value_of_text(k, trim(eq + 1), where, &v);
    if (st == AMG_OK)
      st = app_key_apply(cfg, k, &v, where, NULL);
  }
  free(copy);
  return st;
}

/* The key an assignment names, trimmed, kept in buf (n bytes); "" where
 * there is no '=' (app_config_set names that fault). */
static const char *assignment_key(const char *assignment, char *buf, size_t n) {
  const char *eq = strchr(assignment, '=');
  size_t len = eq ? (size_t)(eq - assignment) : 0;
  snprintf(buf, n, "%.*s", (int)(len < n ? len : n - 1), assignment);
  return trim(buf);
}

amg_status app_config_check_sets(const char *const *sets, int nsets) {
  char buf_a[128], buf_b[128];
  for (int i = 0; i < nsets; i++) {
    const char *a = assignment_key(sets[i], buf_a, sizeof buf_a);
    for (int j = 0; j < i && a[0]; j++)
      if (!strcmp(a, assignment_key(sets[j], buf_b, sizeof buf_b)))
        return amg_error(AMG_ERR_CONFIG, "--set %.100s and --set %.100s both set %s; give each key once", sets[j],
                         sets[i], a);
  }
  return AMG_OK;
}

