/* Streaming JSON writer (see json_writer.h). */
#include "json_writer.h"

#include <math.h>

static void put_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c < 0x20)
      fprintf(f, "\\u%04x", c);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

static void item(json_writer *w, const char *key) {
  if (w->need_comma[w->depth])
    fputc(',', w->f);
  w->need_comma[w->depth] = 1;
  fprintf(w->f, "\n%*s", 2 * w->depth, "");
  if (key) {
    put_string(w->f, key);
    fputs(": ", w->f);
  }
}

void json_open(json_writer *w, FILE *f) {
  w->f = f;
  w->depth = 0;
  w->need_comma[0] = 0;
}

int json_create(json_writer *w, const char *path) {
  FILE *f = fopen(path, "w");
  if (!f)
    return -1;
  json_open(w, f);
  return 0;
}

int json_close(json_writer *w) {
  int failed = ferror(w->f) | fclose(w->f);
  w->f = NULL;
  return failed ? -1 : 0;
}

static void begin(json_writer *w, const char *key, char open) {
  if (w->depth > 0 || w->need_comma[0])
    item(w, key);
  fputc(open, w->f);
  if (w->depth < 31)
    w->depth++;
  w->need_comma[w->depth] = 0;
}

static void end(json_writer *w, char close) {
  w->depth--;
  fprintf(w->f, "\n%*s%c", 2 * w->depth, "", close);
  if (w->depth == 0)
    fputc('\n', w->f);
}

void json_begin_object(json_writer *w, const char *key) { begin(w, key, '{'); }
void json_end_object(json_writer *w) { end(w, '}'); }
void json_begin_array(json_writer *w, const char *key) { begin(w, key, '['); }
void json_end_array(json_writer *w) { end(w, ']'); }

void json_number(json_writer *w, const char *key, double v) {
  item(w, key);
  if (isfinite(v))
    fprintf(w->f, "%.17g", v);
  else
    fputs("null", w->f);
}

void json_int(json_writer *w, const char *key, int64_t v) {
  item(w, key);
  fprintf(w->f, "%lld", (long long)v);
}

void json_string(json_writer *w, const char *key, const char *v) {
  item(w, key);
  put_string(w->f, v);
}

void json_bool(json_writer *w, const char *key, int v) {
  item(w, key);
  fputs(v ? "true" : "false", w->f);
}
