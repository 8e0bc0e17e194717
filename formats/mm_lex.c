/* Line reading and tokens of the Matrix Market readers (mm_lex.h). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "mm_lex.h"

/* AMG_ERR_PARSE with "path:line: " in front of the formatted text. */
amg_status fmt_mm_parse_error(const mm_file *r, const char *fmt, ...) {
  char what[256], shown[4 * sizeof what];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  fmt_show_controls(what, shown, sizeof shown); /* a binary file's bytes, quoted */
  return amg_error(AMG_ERR_PARSE, "%s:%lld: %s", r->path, r->line, shown);
}

void fmt_mm_open(mm_file *r, const char *path) {
  r->f = fmt_open_file(path, 0);
  r->path = path;
  r->line = 0;
  r->end = 0;
  memset(r->buf, 'x', sizeof r->buf);
}

/* Reads the next line into r->buf: 1 with a line, 0 at end of file or on
 * error (then *s is set). The last byte of buf is a sentinel: fgets writes
 * '\0' there only when it filled the buffer. The bytes past a line's end are
 * never '\0' (the last line's end is overwritten first), so a '\0' after the
 * first one shows that the first was read from the file. */
int fmt_mm_read_line(mm_file *r, amg_status *s) {
  r->buf[r->end] = 'x';
  r->buf[MM_LINE_MAX - 1] = 'x';
  if (!fgets(r->buf, MM_LINE_MAX, r->f)) {
    r->buf[0] = '\0'; /* no line: buf holds an empty one, terminated (fgets left it unterminated) */
    r->end = 0;
    if (ferror(r->f))
      *s = amg_error(AMG_ERR_IO, "%s:%lld: read error: %s", r->path, r->line + 1, strerror(errno));
    return 0;
  }
  r->line++;
  int full = r->buf[MM_LINE_MAX - 1] == '\0';
  size_t len = strlen(r->buf);
  const char *not_text = r->line == 1 ? fmt_not_plain_text(r->buf, full ? MM_LINE_MAX - 1 : len) : NULL;
  if (not_text) { /* before the NUL check: compressed data holds NUL bytes */
    *s = amg_error(AMG_ERR_PARSE, "%s: the file %s", r->path, not_text);
    return 0;
  }
  int newline = len > 0 && r->buf[len - 1] == '\n'; /* fgets stops after the first one */
  if (full ? len < MM_LINE_MAX - 1
           : !newline && memchr(r->buf + len + 1, '\0', MM_LINE_MAX - 2 - len) != NULL) {
    *s = fmt_mm_parse_error(r, "line contains a NUL byte");
    return 0;
  }
  r->end = full ? MM_LINE_MAX - 1 : len;
  if (newline)
    return 1;
  if (ferror(r->f)) {
    *s = amg_error(AMG_ERR_IO, "%s:%lld: read error: %s", r->path, r->line, strerror(errno));
    return 0;
  }
  if (!full)
    return 1; /* the last line, without a final newline */
  int c = getc(r->f);
  if (c == EOF)
    return 1; /* exactly filled the buffer and the file ends */
  if (r->buf[0] == '%' && r->line > 1) {
    while (c != '\n' && c != EOF)
      c = getc(r->f);
    return 1; /* a long comment: its start is enough to skip it */
  }
  *s = fmt_mm_parse_error(r, "line too long (more than %d characters)", MM_LINE_MAX - 2);
  return 0;
}

/* isspace of the C locale, without the locale lookup. */
static int is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static const char *skip_space(const char *p) {
  while (is_space(*p))
    p++;
  return p;
}

int fmt_mm_is_blank(const char *p) { return *skip_space(p) == '\0'; }

/* The next whitespace-delimited token after *p: 1 and its start and length,
 * or 0 when the line has no more tokens. */
int fmt_mm_next_token(const char **p, const char **tok, int *len) {
  const char *q = skip_space(*p), *e = q;
  if (!*q)
    return 0;
  while (*e && !is_space(*e))
    e++;
  *tok = q;
  *len = (int)(e - q);
  *p = e;
  return 1;
}

/* 0: the whole token is a decimal integer (optional sign, then digits);
 * 1: it is not; 2: it does not fit int64. The result of strtoll base 10 on
 * a token without spaces, minus its locale overhead (strtoll took a sixth of
 * the read time of a 30M-entry file). */
int fmt_mm_parse_int(const char *tok, int len, long long *v) {
  int k = 0, neg = 0, over = 0;
  if (len > 0 && (tok[0] == '+' || tok[0] == '-')) {
    neg = tok[0] == '-';
    k = 1;
  }
  if (k == len)
    return 1;
  uint64_t x = 0, limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
  for (; k < len; k++) {
    unsigned d = (unsigned)((unsigned char)tok[k] - '0');
    if (d > 9)
      return 1;
    if (x > (limit - d) / 10)
      over = 1;
    else
      x = 10 * x + d;
  }
  if (over)
    return 2;
  *v = neg && x > 0 ? -(long long)(x - 1) - 1 : (long long)x;
  return 0;
}

int fmt_mm_read_data_line(mm_file *r, amg_status *s) {
  while (fmt_mm_read_line(r, s))
    if (r->buf[0] != '%' && !fmt_mm_is_blank(r->buf))
      return 1;
  return 0;
}

amg_status fmt_mm_read_size_line(mm_file *r, int count, const char *form, const char *const *what,
                             const long long *lo, const long long *hi, long long *v) {
  amg_status s = AMG_OK;
  if (!fmt_mm_read_data_line(r, &s))
    return s != AMG_OK ? s : fmt_mm_parse_error(r, "file ends before the size line (%s)", form);
  const char *p = r->buf, *tok;
  int len;
  for (int k = 0; k < count; k++) {
    if (!fmt_mm_next_token(&p, &tok, &len))
      return fmt_mm_parse_error(r, "size line must hold %d numbers (%s), %s is missing", count, form, what[k]);
    int bad = fmt_mm_parse_int(tok, len, &v[k]);
    if (bad == 1)
      return fmt_mm_parse_error(r, "%s is not an integer: '%.*s'", what[k], MM_SHOW(len), tok);
    if (bad == 2 || v[k] < lo[k] || v[k] > hi[k])
      return fmt_mm_parse_error(r, "%s %.*s out of range %lld..%lld", what[k], MM_SHOW(len), tok, lo[k], hi[k]);
  }
  if (fmt_mm_next_token(&p, &tok, &len))
    return fmt_mm_parse_error(r, "trailing characters after the size line: '%.*s'", MM_SHOW(len), tok);
  return AMG_OK;
}

/* Case-insensitive comparison of a token with a lower-case keyword. */
int fmt_mm_word_is(const char *tok, int len, const char *word) {
  if ((size_t)len != strlen(word))
    return 0;
  for (int i = 0; i < len; i++)
    if (tolower((unsigned char)tok[i]) != word[i])
      return 0;
  return 1;
}

/* Whether a number token that strtod took whole has a nonzero digit before
 * its exponent (decimal, or hexadecimal after "0x"). */
static int nonzero_mantissa(const char *tok, int len) {
  int k = len > 0 && (tok[0] == '+' || tok[0] == '-');
  int hex = len - k > 1 && tok[k] == '0' && (tok[k + 1] == 'x' || tok[k + 1] == 'X');
  for (k += 2 * hex; k < len; k++) {
    char c = tok[k];
    if (hex ? c == 'p' || c == 'P' : c == 'e' || c == 'E')
      return 0;
    if ((c >= '1' && c <= '9') || (hex && isxdigit((unsigned char)c) && c != '0'))
      return 1;
  }
  return 0;
}

/* The token as a finite double (strtod taking the whole token), refusing a
 * nonzero number that rounds to 0 (below the smallest subnormal double). */
amg_status fmt_mm_parse_real(const mm_file *r, const char *tok, int len, const char *what, double *v) {
  char *end;
  *v = strtod(tok, &end);
  if (end != tok + len)
    return fmt_mm_parse_error(r, "%s is not a number: '%.*s'", what, MM_SHOW(len), tok);
  if (!isfinite(*v))
    return fmt_mm_parse_error(r, "%s is not finite: '%.*s'", what, MM_SHOW(len), tok);
  if (*v == 0 && nonzero_mantissa(tok, len))
    return fmt_mm_parse_error(r, "%s '%.*s' is too small for a double (it would be read as 0)", what, MM_SHOW(len), tok);
  return AMG_OK;
}

amg_status fmt_mm_parse_value(const mm_file *r, const char *tok, int len, int integer, double *v) {
  if (!integer)
    return fmt_mm_parse_real(r, tok, len, "value", v);
  long long x;
  int bad = fmt_mm_parse_int(tok, len, &x);
  if (bad == 1)
    return fmt_mm_parse_error(r, "value is not an integer: '%.*s'", MM_SHOW(len), tok);
  if (bad == 2)
    return fmt_mm_parse_error(r, "integer value %.*s out of range", MM_SHOW(len), tok);
  *v = (double)x;
  return AMG_OK;
}

amg_status fmt_mm_line_value(const mm_file *r, int integer, double *v) {
  const char *p = r->buf, *tok;
  int len;
  if (!fmt_mm_next_token(&p, &tok, &len))
    return fmt_mm_parse_error(r, "missing value");
  amg_status s = fmt_mm_parse_value(r, tok, len, integer, v); /* first: "abc def" is not a number */
  if (s == AMG_OK && fmt_mm_next_token(&p, &tok, &len))
    s = fmt_mm_parse_error(r, "one value per line; trailing characters: '%.*s'", MM_SHOW(len), tok);
  return s;
}
