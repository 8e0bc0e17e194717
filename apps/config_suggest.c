/* Suggestions for misspelt key, section and choice names: the name within
 * two edits (optimal string alignment distance) or the same key in another
 * section. */
#include "config_schema.h"

#include <stdio.h>
#include <string.h>

/* Optimal string alignment distance (a swap of neighbours counts as one
 * edit), or 3 when it is certainly more than 2. */
int app_edit_distance(const char *a, const char *b) {
  enum { MAXLEN = 63 };
  int la = (int)strlen(a), lb = (int)strlen(b);
  if (la > MAXLEN || lb > MAXLEN || la > lb + 2 || lb > la + 2)
    return 3;
  int rows[3][MAXLEN + 1];
  for (int i = 0; i <= la; i++) {
    int *cur = rows[i % 3], *prev = rows[(i + 2) % 3], *prev2 = rows[(i + 1) % 3];
    for (int j = 0; j <= lb; j++) {
      if (i == 0 || j == 0) {
        cur[j] = i + j;
        continue;
      }
      int d = prev[j - 1] + (a[i - 1] != b[j - 1]);
      if (prev[j] + 1 < d) d = prev[j] + 1;
      if (cur[j - 1] + 1 < d) d = cur[j - 1] + 1;
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && prev2[j - 2] + 1 < d)
        d = prev2[j - 2] + 1;
      cur[j] = d;
    }
  }
  return rows[la % 3][lb];
}

/* The key an unknown name most likely meant: the same key in another
 * section (or with no section), else the nearest key within 2 edits. */
static const char *suggest_key(const char *name) {
  for (int k = 0; k < app_key_count; k++)
    if (!strcmp(app_key_bare_name(app_keys[k].name), app_key_bare_name(name)))
      return app_keys[k].name;
  const char *best = NULL;
  int best_d = 3;
  for (int k = 0; k < app_key_count; k++) {
    int d = app_edit_distance(name, app_keys[k].name);
    if (d < best_d) {
      best_d = d;
      best = app_keys[k].name;
    }
  }
  return best;
}

/* For a top-level name: a key of that name (written outside its section),
 * else the nearest section within 2 edits. */
static const char *suggest_section(const char *name) {
  for (int k = 0; k < app_key_count; k++)
    if (!strcmp(app_key_bare_name(app_keys[k].name), name))
      return app_keys[k].name;
  const char *best = NULL;
  int best_d = 3;
  for (int s = 0; s < app_section_count; s++) {
    int d = app_edit_distance(name, app_sections[s]);
    if (d < best_d) {
      best_d = d;
      best = app_sections[s];
    }
  }
  return best;
}

amg_status app_unknown_key(const char *where, const char *name) {
  const char *hint = suggest_key(name);
  if (hint)
    return amg_error(AMG_ERR_CONFIG, "%s: unknown key '%s' (did you mean '%s'?)", where, name, hint);
  return amg_error(AMG_ERR_CONFIG, "%s: unknown key '%s'", where, name);
}

amg_status app_unknown_section(const char *where, const char *name) {
  const char *hint = suggest_section(name);
  if (hint)
    return amg_error(AMG_ERR_CONFIG, "%s: unknown section '%s' (did you mean '%s'?)", where, name, hint);
  char list[128] = ""; /* "problem, amg, cycle, solver or output", from app_sections */
  size_t w = 0;
  for (int s = 0; s < app_section_count && w < sizeof list; s++)
    w += (size_t)snprintf(list + w, sizeof list - w, "%s%s", s == 0 ? "" : s + 1 < app_section_count ? ", " : " or ",
                          app_sections[s]);
  return amg_error(AMG_ERR_CONFIG, "%s: unknown section '%s' (expected %s)", where, name, list);
}
