/* A configuration value as written (in a file, in --set or as a key's
 * default text), and how it is checked against its key and stored in
 * app_config (private to the files of apps/app_config.h). Every value goes
 * through app_key_apply: its type against the key's, then its range, then
 * the field at the key's offset. Messages begin with where the value came
 * from, "path:line" or "--set assignment". */
#ifndef APPS_CONFIG_VALUES_H
#define APPS_CONFIG_VALUES_H

#include <libconfig.h>
#include <stdint.h>

#include "config_schema.h"

typedef enum val_kind {
  VAL_INT, VAL_FLOAT, VAL_BOOL, VAL_STRING, VAL_EMPTY, VAL_GROUP, VAL_ARRAY, VAL_LIST
} val_kind;

typedef struct app_value {
  val_kind kind;
  int64_t i;     /* VAL_INT, VAL_BOOL */
  double d;      /* VAL_FLOAT */
  const char *s; /* VAL_STRING */
} app_value;

/* "an integer", "a group", ...: what a value is, in messages. */
const char *app_value_kind_name(val_kind k);

/* Reads text as key k's type. A string may be in double quotes (taken
 * literally, no escapes); t is modified to drop them. */
amg_status app_value_of_text(const app_key *k, char *t, const char *where, app_value *v);

/* What libconfig read for a setting. */
void app_value_of_setting(const config_setting_t *s, app_value *v);

/* Checks v against key k and stores it in cfg; where prefixes any message.
 * base: the config file whose directory a relative input path is resolved
 * against, or NULL to keep the path as given. */
amg_status app_key_store(app_config *cfg, const app_key *k, const app_value *v, const char *where,
                         const char *base);

/* app_key_store, and where the value came from into cfg->source. */
amg_status app_key_apply(app_config *cfg, const app_key *k, const app_value *v, const char *where,
                         const char *base);

/* The last message with, in front, where each key it names was set (in a
 * file or by --set; not a default); st is returned unchanged. */
amg_status app_at_key_sources(const app_config *cfg, amg_status st);

#endif
