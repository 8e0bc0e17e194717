/* The schema of amg_solve's configuration, shared by the files that make up
 * apps/app_config.h (private to them): one row per key with its type, field,
 * default, allowed values and documentation. The table (config_schema.c)
 * drives the file reader, --set, the defaults, the messages and the
 * generated reference. */
#ifndef APPS_CONFIG_SCHEMA_H
#define APPS_CONFIG_SCHEMA_H

#include <stddef.h>
#include <stdint.h>

#include "app_config.h"

typedef enum key_type {
  KEY_INT,    /* int, int32_t or int64_t field; a float is an error */
  KEY_FLOAT,  /* double field; an integer is accepted */
  KEY_BOOL,   /* int field, 0 or 1; only true / false */
  KEY_CHOICE, /* enum field, from one of the listed strings */
  KEY_PATH,   /* char[APP_PATH_MAX] input path, resolved against the config's directory */
  KEY_STRING  /* char[APP_PATH_MAX], kept as given */
} key_type;

typedef struct key_choice {
  const char *name;
  int value;
} key_choice;

typedef struct app_key {
  const char *name;          /* "section.key" */
  key_type type;
  size_t offset, size;       /* the field in app_config */
  const char *def;           /* the default as text (unquoted for strings) */
  /* the validator: what values are allowed */
  int64_t lo, hi;            /* KEY_INT: lo..hi (within the field's type) ... */
  const int *one_of;         /* ... or one of these (0 ends the list) */
  double flo, fhi;           /* KEY_FLOAT: between flo and fhi, */
  int lo_open, hi_open;      /*   the ends excluded where flagged */
  const key_choice *choices; /* KEY_CHOICE: a NULL name ends the list */
  const char *doc;           /* one line for the reference */
} app_key;

extern const app_key app_keys[];
extern const int app_key_count;
extern const char *const app_sections[]; /* "problem", "amg", ... */
extern const int app_section_count;

/* The key named "section.key", or NULL. */
const app_key *app_key_find(const char *name);

/* "key" of "section.key" (name itself without a dot). */
const char *app_key_bare_name(const char *name);

/* Whether name is one of app_sections. */
int app_is_section(const char *name);

/* The name of a choice key's value, as a config file writes it ("?" if none). */
const char *app_choice_name(const app_key *k, int value);

/* Shortest %g form that reads back as the same double. */
void app_format_double(char *buf, size_t n, double d);

/* An integer key's range, bounded by its field's type too. */
void app_int_bounds(const app_key *k, int64_t *lo, int64_t *hi);

/* The allowed values in words, e.g. "in 1..4096" or "one of \"tile\", \"cusparse\"";
 * too_high: an integer above the range is being reported (spell out the type's bound). */
void app_range_text(const app_key *k, int too_high, char *buf, size_t n);

/* config_suggest.c: misspelt names. */
int app_edit_distance(const char *a, const char *b);
amg_status app_unknown_key(const char *where, const char *name);
amg_status app_unknown_section(const char *where, const char *name);

#endif
