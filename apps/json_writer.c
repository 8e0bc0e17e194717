/* Streaming JSON writer (see json_writer.h). */
#include "json_writer.h"

#include <math.h>

/* The length of the valid UTF-8 sequence at s (RFC 3629: shortest form, no
 * surrogates, nothing above U+10FFFF), or 0 where none starts. A NUL ends
 * the check early, as it fails every continuation test. */
static int utf8_length(const unsigned char *s) {
  unsigned char lo = 0x80, hi = 0xBF; /* the second byte's range */
  int n;
  if (s[0] < 0x80)
    return 1;
  if (s[0] >= 0xC2 && s[0] <= 0xDF) {
    n = 2;
  } else if (s[0] >= 0xE0 && s[0] <= 0xEF) {
    n = 3;
    if (s[0] == 0xE0) lo = 0xA0; /* shorter forms */
    if (s[0] == 0xED) hi = 0x9F; /* surrogates */
  } else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
    n = 4;
    if (s[0] == 0xF0) lo = 0x90; /* shorter forms */
    if (s[0] == 0xF4) hi = 0x8F; /* above U+10FFFF */
  } else {
    return 0;
  }
  if (s[1] < lo || s[1] > hi)
    return 0;
  for (int k = 2; k < n; k++)
    if ((s[k] & 0xC0) != 0x80)
      return 0;
  return n;
}

/* A JSON string: valid UTF-8 passes through, each other byte (a Latin-1
 * file name, say) becomes U+FFFD, so that the output is always valid. */
static void put_string(FILE *f, const char *s) {
  fputc('"', f);
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    int n = utf8_length(p);
    if (n == 0)
      fputs("\\ufffd", f);
    else if (*p == '"' || *p == '\\')
      fprintf(f, "\\%c", *p);
    else if (*p < 0x20)
      fprintf(f, "\\u%04x", *p);
    else
      fwrite(p, 1, (size_t)n, f);
    p += n ? n : 1;
  }
  fputc('"', f);
}

static void item(json_writer *w, const char *key) {
  if (w->need_comma[w->depth])
    fputc(',', w->out.f);
  w->need_comma[w->depth] = 1;
  fprintf(w->out.f, "\n%*s", 2 * w->depth, "");
  if (key) {
    put_string(w->out.f, key);
    fputs(": ", w->out.f);
  }
}

int json_create(json_writer *w, const char *path) {
  if (fmt_output_open(&w->out, path) != 0)
    return -1;
  w->depth = 0;
  w->need_comma[0] = 0;
  return 0;
}

int json_close(json_writer *w, int *err, const char **note) {
  *err = 0;
  return fmt_output_close(&w->out, 0, err, note);
}

void json_abandon(json_writer *w) {
  int err = 0;
  const char *note;
  fmt_output_close(&w->out, 1, &err, &note);
}

static void begin(json_writer *w, const char *key, char open) {
  if (w->depth > 0 || w->need_comma[0])
    item(w, key);
  fputc(open, w->out.f);
  if (w->depth < 31)
    w->depth++;
  w->need_comma[w->depth] = 0;
}

static void end(json_writer *w, char close) {
  w->depth--;
  fprintf(w->out.f, "\n%*s%c", 2 * w->depth, "", close);
  if (w->depth == 0)
    fputc('\n', w->out.f);
}

void json_begin_object(json_writer *w, const char *key) { begin(w, key, '{'); }
void json_end_object(json_writer *w) { end(w, '}'); }
void json_begin_array(json_writer *w, const char *key) { begin(w, key, '['); }
void json_end_array(json_writer *w) { end(w, ']'); }

void json_number(json_writer *w, const char *key, double v) {
  item(w, key);
  if (isfinite(v))
    fprintf(w->out.f, "%.17g", v);
  else
    fputs("null", w->out.f);
}

void json_int(json_writer *w, const char *key, int64_t v) {
  item(w, key);
  fprintf(w->out.f, "%lld", (long long)v);
}

void json_string(json_writer *w, const char *key, const char *v) {
  item(w, key);
  put_string(w->out.f, v);
}

void json_bool(json_writer *w, const char *key, int v) {
  item(w, key);
  fputs(v ? "true" : "false", w->out.f);
}
