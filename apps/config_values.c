/* Configuration values (config_values.h): typed from text or from
 * libconfig, checked against their key's type and range, and stored. */
#include "config_values.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *app_value_kind_name(val_kind k) {
  switch (k) {
  case VAL_INT: return "an integer";
  case VAL_FLOAT: return "a float";
  case VAL_BOOL: return "a boolean";
  case VAL_STRING: return "a string";
  case VAL_EMPTY: return "an empty value";
  case VAL_GROUP: return "a group";
  case VAL_ARRAY: return "an array";
  default: return "a list";
  }
}

static const char *type_name(key_type t) {
  switch (t) {
  case KEY_INT: return "an integer";
  case KEY_FLOAT: return "a number";
  case KEY_BOOL: return "true or false";
  default: return "a string";
  }
}

static int type_accepts(key_type t, val_kind k) {
  switch (t) {
  case KEY_INT: return k == VAL_INT;
  case KEY_FLOAT: return k == VAL_INT || k == VAL_FLOAT;
  case KEY_BOOL: return k == VAL_BOOL;
  default: return k == VAL_STRING;
  }
}

static amg_status store_int(char *field, const app_key *k, int64_t v, const char *where) {
  int ok = 0;
  if (k->one_of) {
    for (const int *s = k->one_of; *s; s++)
      ok |= (v == *s);
  } else {
    int64_t lo, hi;
    app_int_bounds(k, &lo, &hi);
    ok = (v >= lo && v <= hi);
  }
  if (!ok) {
    char range[160];
    app_range_text(k, v > 0, range, sizeof range);
    return amg_error(AMG_ERR_CONFIG, "%s: %s = %lld is not %s", where, k->name, (long long)v, range);
  }
  if (k->size == 4) {
    int32_t v32 = (int32_t)v;
    memcpy(field, &v32, 4);
  } else {
    memcpy(field, &v, 8);
  }
  return AMG_OK;
}

static amg_status store_float(char *field, const app_key *k, double d, const char *where) {
  int ok = isfinite(d) && (k->lo_open ? d > k->flo : d >= k->flo) &&
           (k->hi_open ? d < k->fhi : d <= k->fhi);
  if (!ok) {
    char range[64], text[32];
    app_range_text(k, 0, range, sizeof range);
    app_format_double(text, sizeof text, d);
    /* libconfig reads a literal such as 1e-400 as 0, and its text is gone */
    return amg_error(AMG_ERR_CONFIG, "%s: %s = %s is not %s%s", where, k->name, text, range,
                     d == 0 ? " (a value of magnitude below 4.9e-324 reads as 0)" : "");
  }
  memcpy(field, &d, sizeof d);
  return AMG_OK;
}

static amg_status store_choice(char *field, const app_key *k, const char *s, const char *where) {
  const char *hint = NULL;
  int hint_d = 3;
  for (const key_choice *c = k->choices; c->name; c++) {
    if (!strcmp(c->name, s)) {
      memcpy(field, &c->value, sizeof c->value);
      return AMG_OK;
    }
    int d = app_edit_distance(s, c->name);
    if (d < hint_d) {
      hint_d = d;
      hint = c->name;
    }
  }
  char range[160];
  app_range_text(k, 0, range, sizeof range);
  if (hint)
    return amg_error(AMG_ERR_CONFIG, "%s: %s = \"%s\" is not %s (did you mean \"%s\"?)", where,
                     k->name, s, range, hint);
  return amg_error(AMG_ERR_CONFIG, "%s: %s = \"%s\" is not %s", where, k->name, s, range);
}

/* base: the config file whose directory a relative input path is resolved
 * against, or NULL to keep the path as given. */
static amg_status store_string(char *field, const app_key *k, const char *s, const char *where,
                               const char *base) {
  size_t dir_len = 0;
  if (k->type == KEY_PATH && base && s[0] != '\0' && s[0] != '/') {
    const char *slash = strrchr(base, '/');
    dir_len = slash ? (size_t)(slash - base) + 1 : 0;
  }
  if (dir_len + strlen(s) >= APP_PATH_MAX)
    return amg_error(AMG_ERR_CONFIG, "%s: %s is longer than %d bytes%s", where, k->name, APP_PATH_MAX - 1,
                     dir_len ? " once joined to the config file's directory" : "");
  snprintf(field, APP_PATH_MAX, "%.*s%s", (int)dir_len, base ? base : "", s);
  return AMG_OK;
}

/* Checks v against key k and stores it in cfg; where prefixes any message. */
amg_status app_key_store(app_config *cfg, const app_key *k, const app_value *v, const char *where,
                         const char *base) {
  char *field = (char *)cfg + k->offset;
  if (!type_accepts(k->type, v->kind))
    return amg_error(AMG_ERR_CONFIG, "%s: %s must be %s (got %s)", where, k->name, type_name(k->type),
                     app_value_kind_name(v->kind));
  switch (k->type) {
  case KEY_INT: return store_int(field, k, v->i, where);
  case KEY_FLOAT: return store_float(field, k, v->kind == VAL_INT ? (double)v->i : v->d, where);
  case KEY_BOOL: {
    int b = v->i != 0;
    memcpy(field, &b, sizeof b);
    return AMG_OK;
  }
  case KEY_CHOICE: return store_choice(field, k, v->s, where);
  default: return store_string(field, k, v->s, where, base);
  }
}

/* app_key_store, and where the value came from into cfg->source (its end, where
 * longer: the line number stays). */
amg_status app_key_apply(app_config *cfg, const app_key *k, const app_value *v, const char *where,
                         const char *base) {
  amg_status st = app_key_store(cfg, k, v, where, base);
  if (st == AMG_OK) {
    size_t len = strlen(where);
    char *source = cfg->source[k - app_keys];
    if (len < APP_SOURCE_MAX)
      memcpy(source, where, len + 1);
    else
      snprintf(source, APP_SOURCE_MAX, "...%s", where + len - (APP_SOURCE_MAX - 4));
  }
  return st;
}

/* The last message with, in front, where each key it names was set (in a
 * file or by --set; not a default): "file:line: ..." for one key, "file:line
 * (key); --set ... (key): ..." for more (st unchanged). */
amg_status app_at_key_sources(const app_config *cfg, amg_status st) {
  if (st == AMG_OK)
    return st;
  enum { SHOWN_MAX = 4 }; /* the most keys a message of app_config_finish names */
  const char *msg = amg_error_message();
  char front[SHOWN_MAX * (APP_SOURCE_MAX + 64)] = "";
  int named = 0, shown = 0;
  const app_key *only = NULL;
  for (int k = 0; k < app_key_count; k++) {
    size_t len = strlen(app_keys[k].name);
    for (const char *at = strstr(msg, app_keys[k].name); at; at = strstr(at + 1, app_keys[k].name))
      if ((at == msg || !(isalnum((unsigned char)at[-1]) || at[-1] == '_' || at[-1] == '.')) &&
          !(isalnum((unsigned char)at[len]) || at[len] == '_')) {
        if (cfg->source[k][0] && shown < SHOWN_MAX) {
          size_t used = strlen(front);
          snprintf(front + used, sizeof front - used, "%s%s (%s)", shown ? "; " : "", cfg->source[k], app_keys[k].name);
          only = &app_keys[k];
          shown++;
        }
        named++;
        break;
      }
  }
  if (shown == 1 && named == 1)
    return amg_error(st, "%s: %s", cfg->source[only - app_keys], msg);
  if (shown)
    return amg_error(st, "%s: %s", front, msg);
  return st;
}

/* ---- values from text (--set and the defaults) ---- */

/* What follows the 0x of t, after an optional sign; NULL where t has none. */
static const char *hex_body(const char *t) {
  const char *p = t + (t[0] == '-' || t[0] == '+');
  return p[0] == '0' && (p[1] == 'x' || p[1] == 'X') ? p + 2 : NULL;
}

/* 0: an integer (decimal, or hex with 0x); 1: not integer syntax;
 * 2: integer syntax but beyond 64 bits. */
static int parse_int(const char *t, int64_t *out) {
  const char *body = hex_body(t);
  int hex = body != NULL;
  const char *digits = hex ? body : t + (t[0] == '-' || t[0] == '+');
  if (!(hex ? isxdigit((unsigned char)*digits) : isdigit((unsigned char)*digits)))
    return 1;
  for (const char *q = digits; *q; q++)
    if (!(hex ? isxdigit((unsigned char)*q) : isdigit((unsigned char)*q)))
      return 1;
  errno = 0;
  long long v = strtoll(t, NULL, hex ? 16 : 10);
  if (errno == ERANGE)
    return 2;
  *out = v;
  return 0;
}

/* Whether t is a hexadecimal float (0x1p-20, 0x.8): hex digits with a
 * point or a binary exponent, which strtod reads but a config file cannot
 * hold (libconfig 1.5 takes it for a syntax error). */
static int hex_float(const char *t) {
  const char *body = hex_body(t);
  char *end;
  return body && strpbrk(body, ".pP") && (strtod(t, &end), *end == '\0');
}

/* The hexadecimal form of t that strtod or strtoll reads but a config file
 * cannot hold (libconfig 1.5: a syntax error), as a phrase; NULL for none.
 * floats: whether a hexadecimal float counts (a float key's). */
static const char *hex_form_refused(const char *t, int floats) {
  int64_t i;
  if (floats && hex_float(t))
    return "hexadecimal float";
  if ((t[0] == '-' || t[0] == '+') && hex_body(t) && parse_int(t, &i) != 1)
    return "signed hexadecimal number";
  return NULL;
}

/* A decimal number written with digits (no "nan" or "inf"; a hexadecimal
 * float is the callers' to refuse). Beyond double's range it reads as
 * +-inf or 0, which the key's range check names. */
static int parse_float(const char *t, double *out) {
  char *end;
  int has_digit = 0;
  for (const char *q = t; *q; q++)
    has_digit |= isdigit((unsigned char)*q) != 0;
  if (!has_digit)
    return 0;
  double d = strtod(t, &end);
  if (end == t || *end != '\0')
    return 0;
  *out = d;
  return 1;
}

static int equals_nocase(const char *a, const char *b) {
  for (; *a && *b; a++, b++)
    if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
      return 0;
  return *a == *b;
}

/* What the text looks like, for the "(got ...)" of a type error. */
static val_kind classify(const char *t) {
  int64_t i;
  double d;
  if (t[0] == '\0') return VAL_EMPTY;
  if (t[0] == '"') return VAL_STRING;
  if (equals_nocase(t, "true") || equals_nocase(t, "false")) return VAL_BOOL;
  if (parse_int(t, &i) != 1) return VAL_INT;
  if (hex_float(t) || parse_float(t, &d)) return VAL_FLOAT;
  return VAL_STRING;
}

/* Reads text as the key's type. A string may be in double quotes (taken
 * literally, no escapes); t is modified to drop them. */
amg_status app_value_of_text(const app_key *k, char *t, const char *where, app_value *v) {
  memset(v, 0, sizeof *v);
  const char *hex = k->type == KEY_INT || k->type == KEY_FLOAT ? hex_form_refused(t, k->type == KEY_FLOAT) : NULL;
  if (hex)
    return amg_error(AMG_ERR_CONFIG, "%s: %s = %s is a %s, which a config file cannot hold; write it in decimal",
                     where, k->name, t, hex);
  int r;
  switch (k->type) {
  case KEY_INT:
    r = parse_int(t, &v->i);
    if (r == 2) {
      char range[160];
      app_range_text(k, t[0] != '-', range, sizeof range);
      return amg_error(AMG_ERR_CONFIG, "%s: %s = %s is not %s", where, k->name, t, range);
    }
    v->kind = r == 0 ? VAL_INT : classify(t);
    return AMG_OK;
  case KEY_FLOAT:
    if (parse_int(t, &v->i) == 0)
      v->kind = VAL_INT;
    else
      v->kind = parse_float(t, &v->d) ? VAL_FLOAT : classify(t);
    return AMG_OK;
  case KEY_BOOL:
    if (equals_nocase(t, "true") || equals_nocase(t, "false")) {
      v->kind = VAL_BOOL;
      v->i = equals_nocase(t, "true");
    } else {
      v->kind = classify(t);
    }
    return AMG_OK;
  default: {
    size_t n = strlen(t);
    if (t[0] == '"') {
      if (n < 2 || t[n - 1] != '"')
        return amg_error(AMG_ERR_CONFIG, "%s: %s has an unbalanced double quote", where, k->name);
      t[n - 1] = '\0';
      t++;
    }
    if (strchr(t, '"'))
      return amg_error(AMG_ERR_CONFIG, "%s: %s has a stray double quote", where, k->name);
    v->kind = VAL_STRING;
    v->s = t;
    return AMG_OK;
  }
  }
}

/* ---- values from libconfig ---- */

void app_value_of_setting(const config_setting_t *s, app_value *v) {
  memset(v, 0, sizeof *v);
  switch (config_setting_type(s)) {
  case CONFIG_TYPE_INT:
  case CONFIG_TYPE_INT64:
    v->kind = VAL_INT;
    v->i = config_setting_get_int64(s);
    break;
  case CONFIG_TYPE_FLOAT:
    v->kind = VAL_FLOAT;
    v->d = config_setting_get_float(s);
    break;
  case CONFIG_TYPE_BOOL:
    v->kind = VAL_BOOL;
    v->i = config_setting_get_bool(s);
    break;
  case CONFIG_TYPE_STRING:
    v->kind = VAL_STRING;
    v->s = config_setting_get_string(s);
    break;
  case CONFIG_TYPE_GROUP: v->kind = VAL_GROUP; break;
  case CONFIG_TYPE_ARRAY: v->kind = VAL_ARRAY; break;
  default: v->kind = VAL_LIST; break;
  }
}
