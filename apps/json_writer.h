/* A minimal streaming JSON writer for reports: nesting, commas and string
 * escaping are handled here (a byte that is not valid UTF-8 becomes U+FFFD,
 * so the output is valid JSON whatever the strings hold); numbers are
 * printed with 17 significant digits (non-finite numbers become null, which
 * JSON allows and Inf/NaN it does not). */
#ifndef APPS_JSON_WRITER_H
#define APPS_JSON_WRITER_H

#include <stdint.h>
#include <stdio.h>

#include "formats.h"

typedef struct json_writer {
  fmt_output out; /* the file json_create opened */
  int depth;
  int need_comma[32];
} json_writer;

/* Opens path for writing: 0, or -1 with errno from fopen. */
int json_create(json_writer *w, const char *path);
/* Closes the file json_create opened: 0; or -1 where a write or the close
 * failed, with *err its errno (0 where unknown), the partial file removed
 * and *note saying so (fmt_output_close). */
int json_close(json_writer *w, int *err, const char **note);
/* Closes and removes the file of a run that stops before its JSON is
 * complete. */
void json_abandon(json_writer *w);
void json_begin_object(json_writer *w, const char *key); /* key NULL inside arrays / at top */
void json_end_object(json_writer *w);
void json_begin_array(json_writer *w, const char *key);
void json_end_array(json_writer *w);
void json_number(json_writer *w, const char *key, double v);
void json_int(json_writer *w, const char *key, int64_t v);
void json_string(json_writer *w, const char *key, const char *v);
void json_bool(json_writer *w, const char *key, int v);

#endif
